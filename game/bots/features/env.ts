/**
 * What the evaluator knows besides the board: the weights, the player's objectives with the other
 * players' public measures, the shapes left in the station, and how much of the game remains.
 */
import type { GameState, PendingItem, PlayerBoard, PlayerID } from '../../core/types';
import { corporationById, objectiveById, planetById } from '../../data';
import type { ObjectiveCardData } from '../../data/types';
import { neighborValue, objectiveContext, type ObjectiveContext } from '../../rules/objectives';
import { tablesOf } from './planet-tables';
import { DEFAULT_WEIGHTS, type Weights } from './weights';
import type { ValueModel } from '../value/model';
import { LEARNED_VALUE } from '../value/learned';

interface ObjectiveTerm {
  card: ObjectiveCardData;
  ctx: ObjectiveContext;
  /** The other players' measures on this card, from their public boards. */
  others: number[];
}

export interface EvalEnv {
  w: Weights;
  /** The player's own private objectives (§7.2), with their context. */
  privateCards: { card: ObjectiveCardData; ctx: ObjectiveContext }[];
  /** Shapes that still have tiles in the station (for squares no tile can fill). */
  shapeMask: number;
  objectives: ObjectiveTerm[];
  /** The game is over after this: only real medals count. */
  final: boolean;
  /** Rounds known to remain after the current one (the event deck), or Infinity. */
  roundsLeft: number;
  /** Players at the table, and the round under way. */
  players: number;
  round: number;
  /** The learned value function that replaces the hand-set sum before the end, or null (hand-set). */
  model: ValueModel | null;
}

/** Shapes with tiles left in the station's stacks (public: stack sizes, §9). */
export function availableShapeMask(view: GameState): number {
  let mask = 0;
  for (const d of view.station.depots) {
    if (d.small.count > 0) mask |= 1 << d.small.shape;
    if (d.large.count > 0) mask |= 1 << d.large.shape;
  }
  return mask;
}

export function evalEnv(
  view: GameState,
  player: PlayerID,
  w: Weights = DEFAULT_WEIGHTS,
  final = view.step === 'endgame',
  model: ValueModel | null = LEARNED_VALUE,
): EvalEnv {
  const objectives: ObjectiveTerm[] = [];
  const privateCards: EvalEnv['privateCards'] = [];
  const mine = view.boards[player];
  if (mine) {
    const ctx = objectiveContext(planetById(mine.planet), corporationById(mine.corporation));
    for (const id of view.private[player]?.objectives ?? [])
      privateCards.push({ card: objectiveById(id), ctx });
    for (const o of view.objectives) {
      if (!o.players.includes(player)) continue;
      const card = objectiveById(o.card);
      const ctx = objectiveContext(planetById(mine.planet), corporationById(mine.corporation));
      const others: number[] = [];
      for (const p of o.players) {
        if (p === player) continue;
        const b = view.boards[p];
        if (!b) continue;
        others.push(
          neighborValue(card, b, objectiveContext(planetById(b.planet), corporationById(b.corporation))),
        );
      }
      objectives.push({ card, ctx, others });
    }
  }
  // With events the deck says how many rounds remain (§6.1 C); the current round is under way.
  const roundsLeft = view.options.events ? Math.max(0, view.eventsLeft) : Infinity;
  return {
    w,
    privateCards,
    shapeMask: availableShapeMask(view),
    objectives,
    final,
    roundsLeft,
    players: view.playerIDs.length,
    round: view.round,
    model,
  };
}

/** What a turn still holds besides the board: pending gains, the movement pool, civ milestones. */
export interface TurnExtras {
  pending?: readonly PendingItem[];
  movement?: number;
  civRanks?: readonly number[];
}

/** A per-feature account of an evaluation, for the reasons bots give. */
export interface Detail {
  lines: { row: boolean; index: number; medal: number; missing: number; meteor: boolean; dead: boolean }[];
  deadSquares: number;
  pinched: number;
  fade: number;
}

/** The planet's share of speculative value that is left: 1 early, 0 when the game is over. */
export function fadeOf(board: PlayerBoard, env: EvalEnv): number {
  return Math.max(0, Math.min(1, roundsLeftOf(board, env) / Math.max(0.5, env.w.horizon)));
}

/** Rounds of tiles still to come: the event deck's count, or the bare squares' worth of tiles. */
export function roundsLeftOf(board: PlayerBoard, env: EvalEnv): number {
  if (env.final) return 0;
  const t = tablesOf(board.planet);
  let bare = 0;
  for (const c of t.squares) if (board.pieceAt[c] === -1) bare++;
  return Math.min(env.roundsLeft, bare / Math.max(0.5, env.w.squaresPerRound));
}

/** A fresh detail record for `evaluate`. */
export const newDetail = (): Detail => ({ lines: [], deadSquares: 0, pinched: 0, fade: 0 });
