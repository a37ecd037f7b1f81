/**
 * The engine's front door: apply one player action to the state, list the legal actions, say who
 * must act. Pure functions over plain state; boardgame.io moves, bots, tools and tests all call here.
 */
import type { Action, Draft, GameState, PlayerID, PrivateState, TurnEnv, TurnState } from './core/types';
import { explainMessage, refuse, type Reason } from './core/messages';
import { cellX, cellY } from './rules/board';
import { forbiddenRoverTerrain, roverStepOptions } from './rules/rover-steps';
import { legalTilePlacements, placementContext } from './rules/legality';
import { awaiting, stageOf } from './rules/stages';
import { boardChoices } from './rules/boards';
import { chooseBoards, keepObjectives, objectiveChoices } from './rules/setup';
import { civChoices, pickCiv } from './rules/civ';
import { confirmRoundTurn, confirmSequentialTurn, rotateStation, rotationChoices } from './rules/round';
import { activeTileRules } from './rules/depot';
import { clone, cloneDraft } from './rules/draft';
import { itemChoices, resolveItem } from './rules/pending';
import { abilityOffers, useAbility } from './rules/abilities';
import { confirmRefusal, moveRover, placeTile, takeTile, takeTileOptions, tileToPlace } from './rules/turn';

export { awaiting, stageOf };

const envOf = (state: GameState, player: PlayerID, turn: TurnState): TurnEnv => ({
  state,
  player,
  kind: turn.kind,
});

/** Apply a step of a turn to its draft; null when applied, else why not (nothing changed). */
function applyTurnStep(env: TurnEnv, d: Draft, action: Action): Reason | null {
  switch (action.type) {
    case 'takeTile':
      return takeTile(env, d, action.stack);
    case 'placeTile':
      return placeTile(env, d, { orientation: action.orientation, x: action.x, y: action.y });
    case 'resolve':
      return resolveItem(env, d, action.item, action.choice);
    case 'moveRover':
      return moveRover(d, action.rover, action.path);
    case 'useAbility':
      return useAbility(env, d, action.ability, action.choice);
    default:
      return refuse('reason.notAStep', { action: String((action as { type: unknown }).type) });
  }
}

/**
 * Undo and restart take back steps of the player's turn in progress (R4): there must be one, and
 * the turn must still be open. A confirmed turn showing Jump Drive F's cards (§3.8) is not.
 */
export function mayTakeBack(state: GameState, player: PlayerID): boolean {
  const stage = stageOf(state, player);
  if (stage === null || stage === 'objectives') return false;
  return (state.private[player]?.turn?.steps.length ?? 0) > 0;
}

/**
 * Rebuild the draft from the start of the turn with its first `keep` steps (R4): undo keeps all but
 * the last, restart none.
 */
function undoLast(env: TurnEnv, turn: TurnState, keep: number): void {
  const steps = turn.steps.slice(0, keep);
  const draft = cloneDraft(turn.origin);
  for (const step of steps) {
    const why = applyTurnStep(env, draft, step);
    if (why) throw new Error(`Undo could not replay a step that was legal: ${explainMessage(why)}`);
  }
  turn.steps = steps;
  turn.draft = draft;
}

function isAction(value: unknown): value is Action {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

function withoutPosition(action: Action): Action {
  if (!('at' in action)) return action;
  const { at: _at, ...rest } = action as Action & { at?: unknown };
  return rest as Action;
}

/**
 * The action as a client sends it: a step of a turn in progress carries the number of steps the
 * turn has (`at`), so that the engine applies it once however often it arrives. Other actions
 * (rotation, civ pick, objectives) end their stage and cannot repeat anyway.
 */
export function positioned(state: GameState, player: PlayerID, action: Action): Action & { at?: number } {
  const turn = state.private[player]?.turn;
  if (
    !turn ||
    action.type === 'rotate' ||
    action.type === 'pickCiv' ||
    action.type === 'keepObjectives' ||
    action.type === 'chooseBoard'
  )
    return action;
  return { ...action, at: turn.steps.length };
}

/**
 * Apply one action for one player. Returns null when applied, or the reason it was rejected; a
 * rejected action leaves the state exactly as it was.
 */
export function applyAction(state: GameState, player: PlayerID, action: Action): Reason | null {
  if (!isAction(action)) return refuse('reason.notAnAction');
  if (state.step === 'over') return refuse('reason.gameOver');
  const priv = state.private[player] as PrivateState | undefined;
  if (!priv) return refuse('reason.noSuchPlayer', { player: String(player) });
  const stage = stageOf(state, player);
  if (!stage) return refuse('reason.notYourTurn');
  // A choice shown at confirmation (Jump Drive F, §3.8) comes before anything else.
  if (stage === 'objectives' && action.type !== 'keepObjectives')
    return refuse('reason.keepObjectivesFirst', undefined, '§3.8');
  if (action.type === 'rotate') return rotateStation(state, player, action.rotation);
  if (action.type === 'pickCiv') return pickCiv(state, player, action.card);
  if (action.type === 'keepObjectives') return keepObjectives(state, player, action.cards);
  if (action.type === 'chooseBoard') return chooseBoards(state, player, action.planet, action.corporation);
  const turn = priv.turn;
  if (!turn) {
    if (priv.civOffer) return refuse('reason.pickCivFirst', undefined, '§5.7');
    return refuse('reason.nothingToDo');
  }
  // A step sent with its turn position (`at`) counts once: a repeated or late copy of it (a
  // replayed packet, a double click racing an update) finds the turn moved on and is refused.
  const at = (action as { at?: unknown }).at;
  if (at !== undefined && at !== turn.steps.length) return refuse('reason.stale');
  const env = envOf(state, player, turn);
  switch (action.type) {
    case 'undo':
      if (!mayTakeBack(state, player)) return refuse('reason.nothingToUndo', undefined, 'R4');
      undoLast(env, turn, turn.steps.length - 1);
      return null;
    case 'restart':
      if (!mayTakeBack(state, player)) return refuse('reason.turnNotStarted', undefined, 'R4');
      undoLast(env, turn, 0);
      return null;
    case 'confirm': {
      const why = confirmRefusal(env, turn.draft);
      if (why) return why;
      if (turn.kind === 'round') confirmRoundTurn(state, player);
      else confirmSequentialTurn(state, player);
      return null;
    }
    default: {
      const why = applyTurnStep(env, turn.draft, action);
      // Every step checks before it changes anything, so a refused one leaves the draft as it was
      // (the scenario tests' `reject` holds them to it) and does not join the turn's steps.
      if (why) return why;
      turn.steps.push(clone(withoutPosition(action)));
      return null;
    }
  }
}

/**
 * Every legal action of a player now, except undo and restart. Bots and the plain client use it.
 * Each kind is listed by the function whose list also decides it (applyAction accepts exactly
 * what is listed here): no rule is derived a second time in this file.
 */
export function legalActions(state: GameState, player: PlayerID): Action[] {
  const stage = stageOf(state, player);
  if (!stage) return [];
  if (stage === 'rotate')
    return rotationChoices(state, player).map((rotation) => ({ type: 'rotate', rotation }));
  const priv = state.private[player] as PrivateState | undefined;
  if (!priv) return [];
  if (stage === 'boards')
    return boardChoices(state, player).map((pick) => ({ type: 'chooseBoard', ...pick }));
  if (stage === 'objectives')
    return objectiveChoices(state, player).map((cards) => ({ type: 'keepObjectives', cards }));
  const civ = civChoices(state, player);
  if (civ.length > 0) return civ.map((card) => ({ type: 'pickCiv', card }));
  const turn = priv.turn;
  if (!turn) return [];
  const env = envOf(state, player, turn);
  const d = turn.draft;
  const out: Action[] = [];
  for (const { stack } of takeTileOptions(env, d)) out.push({ type: 'takeTile', stack });
  const tileId = tileToPlace(env, d);
  if (tileId !== null) {
    const ctx = placementContext(d.board, d.planetRestrictionWaived);
    // Built field by field: a spread per placement costs a visible share of a headless game.
    for (const p of legalTilePlacements(ctx, tileId, activeTileRules(d)))
      out.push({ type: 'placeTile', orientation: p.orientation, x: p.x, y: p.y });
  }
  let open = false;
  for (const item of d.pending) {
    for (const choice of itemChoices(env, d, item)) {
      out.push({ type: 'resolve', item: item.id, choice });
      open = true;
    }
  }
  out.push(...roverActions(d));
  for (const offer of abilityOffers(env, d))
    for (const choice of offer.choices) out.push({ type: 'useAbility', ability: offer.ability, choice });
  // confirmRefusal decides; an item with a listed choice is one it refuses for (§3.7), so it is
  // not asked again then (it would list the choices a second time).
  if (!open && confirmRefusal(env, d) === null) out.push({ type: 'confirm' });
  return out;
}

/**
 * Single rover steps the movement pool allows, as `roverStepOptions` lists them (a longer path is a
 * sequence of these, and is accepted whole too). Rovers move only while the pool holds movement:
 * a free step (Cosmos tech 4) is free within a movement, not a movement of its own.
 */
function roverActions(d: Draft): Action[] {
  if (d.movement <= 0) return [];
  const out: Action[] = [];
  const forbidden = forbiddenRoverTerrain(d.rules);
  for (const r of d.board.rovers) {
    if (r.destroyed || r.cell === null) continue;
    // Every single step the pool pays for (free steps, diagonals and jumps included, §8.2).
    const seen = new Set<number>();
    for (const step of roverStepOptions(d.board, r.cell, forbidden)) {
      if (step.cost > d.movement || seen.has(step.cell)) continue;
      seen.add(step.cell);
      out.push({ type: 'moveRover', rover: r.id, path: [[cellX(step.cell), cellY(step.cell)]] });
    }
  }
  return out;
}
