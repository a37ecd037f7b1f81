/**
 * End-of-game scoring (RULES §6.3) and the winner (§6.5, R23). Pure functions of the final state.
 */
import { boardRules } from './board-rules';
import type { CivEffect, CorporationData, PlanetData } from '../data/types';
import { civCardById, corporationById, objectiveById, planetById } from '../data';
import {
  GRID,
  type CardScore,
  type GameResult,
  type GameState,
  type PlayerBoard,
  type PlayerID,
  type PlayerScore,
  type ScoreBreakdown,
  type ScoreDetail,
  type SquareRef,
} from '../core/types';
import { planetRules } from '../content/planets';
import { medalAtOrBelow } from '../content/corporation-base';
import { cellX, cellY, planetGeometry, uncoveredSquares } from './board';
import {
  neighborValue,
  objectiveContext,
  privateObjectiveMedals,
  scoreNeighborObjective,
  scoreObjectiveAmongAll,
  type ObjectiveContext,
} from './objectives';

// ---------------------------------------------------------------- A: planet

export type LineStatus = 'incomplete' | 'complete' | 'cancelled';

/**
 * Completion of every row and column: complete, complete but cancelled by a meteorite, or not.
 * Squares the planet counts as covered when bare (Petra's electric squares, R31) count as covered;
 * cells that are not squares (Oblivion's void, Lacuna's holes, the space between Cerberus's
 * planets) are skipped.
 */
export function planetLines(
  board: PlayerBoard,
  planet: PlanetData,
): { rows: LineStatus[]; columns: LineStatus[] } {
  const geometry = planetGeometry(planet);
  const coveredAnyway = new Set(planetRules(planet.id).energyLikeSquares(geometry));
  // Per row (bit x) and per column (bit y): planet squares, and the squares counting as covered.
  const rowSquares = new Array<number>(GRID).fill(0);
  const rowCovered = new Array<number>(GRID).fill(0);
  const colSquares = new Array<number>(GRID).fill(0);
  const colCovered = new Array<number>(GRID).fill(0);
  for (const i of geometry.squares) {
    const x = cellX(i);
    const y = cellY(i);
    rowSquares[y] = (rowSquares[y] ?? 0) | (1 << x);
    colSquares[x] = (colSquares[x] ?? 0) | (1 << y);
    const covered = board.pieceAt[i] !== -1 || coveredAnyway.has(i);
    if (covered) {
      rowCovered[y] = (rowCovered[y] ?? 0) | (1 << x);
      colCovered[x] = (colCovered[x] ?? 0) | (1 << y);
    }
  }
  const rowHit = new Array<boolean>(GRID).fill(false);
  const colHit = new Array<boolean>(GRID).fill(false);
  for (const m of board.meteorites) {
    rowHit[cellY(m)] = true;
    colHit[cellX(m)] = true;
  }
  const status = (squares: number, covered: number, hit: boolean): LineStatus =>
    squares === 0 || covered !== squares ? 'incomplete' : hit ? 'cancelled' : 'complete';
  const rows: LineStatus[] = [];
  const columns: LineStatus[] = [];
  for (let k = 0; k < GRID; k++) {
    rows.push(status(rowSquares[k] ?? 0, rowCovered[k] ?? 0, rowHit[k] ?? false));
    columns.push(status(colSquares[k] ?? 0, colCovered[k] ?? 0, colHit[k] ?? false));
  }
  return { rows, columns };
}

/** §6.3 A: medals of complete rows and columns free of meteorites, plus the planet's extras. */
export function planetMedals(board: PlayerBoard, planet: PlanetData): number {
  const { rows, columns } = planetLines(board, planet);
  let medals = 0;
  for (let k = 0; k < GRID; k++) {
    if (rows[k] === 'complete') medals += planet.rowMedals[k] ?? 0;
    if (columns[k] === 'complete') medals += planet.columnMedals[k] ?? 0;
  }
  // Gaia's cities, Cerberus's sub-planets: meteorites never cancel these (R30).
  const extra = planetRules(planet.id).extraMedals;
  if (extra) medals += extra(planetGeometry(planet), board);
  return medals;
}

// ---------------------------------------------------------------- B: tracks

/**
 * §5.6: the medal of the highest medal square reached or passed on the column the tracker
 * occupies, i.e. the nearest medal at or below it; 0 if none.
 */
export const trackMedal = (corporation: CorporationData, square: SquareRef): number =>
  medalAtOrBelow(corporation, square);

/** §6.3 B: the five trackers' medals, as the corporation scores them (§8.2: Oasis, Makeshift, Cosmos…). */
export const trackMedals = (board: PlayerBoard, corporation: CorporationData): number =>
  boardRules(board).corporation.trackMedals(corporation, board);

// ---------------------------------------------------------------- C, D: collected pieces, civ cards

/** Effects of the End Game civ cards held whose id is known (others see hidden cards as null, §9). */
function endGameEffects(board: PlayerBoard): CivEffect[] {
  const effects: CivEffect[] = [];
  for (const held of board.civCards) {
    if (held.id == null) continue;
    const card = civCardById(held.id);
    if (card.timing === 'endGame') effects.push(...card.structured);
  }
  return effects;
}

/** §6.3 C: 1 per lifepod in the scoring area, or the Space Citizen Decree's value. */
export function lifepodMedals(board: PlayerBoard): number {
  let each = 1;
  for (const e of endGameEffects(board)) if (e.op === 'setLifepodValue') each = Math.max(each, e.medalsEach);
  // Lifepods parked on the corporation board count as collected, never as scored (R32).
  return (board.collected.lifepods - board.corp.parkedLifepods.length) * each;
}

/** §6.3 C: per full set of 3 collected meteorites, 1 medal, raised by each Meteorite Repo card held. */
export function meteoriteMedals(board: PlayerBoard): number {
  const repos = endGameEffects(board).filter((e) => e.op === 'meteoriteRepoSet');
  const perSet = repos[0]?.medalsPerThreeMeteorites[String(repos.length)] ?? 1 + repos.length;
  return Math.floor(board.collected.meteorites / 3) * perSet;
}

/** Counters for `medalsPer` effects, by their `per` key. */
const PER_COUNTERS: Record<string, (board: PlayerBoard) => number> = {
  biomassPatchOnPlanet: (board) => board.pieces.filter((p) => p.kind === 'patch').length,
};

/**
 * §6.3 D: the End Game cards' own medals. A Commerce Agreement set scores once, by the number
 * of its cards held; lifepod and meteorite cards score through part C; immediate cards score nothing.
 */
export function civCardMedals(board: PlayerBoard): number {
  return civCardScores(board).reduce((sum, entry) => sum + entry.medals, 0);
}

/**
 * §6.3 D card by card, for the end screen: each End Game card held that scores medals of its own,
 * and a Commerce Agreement set as one entry holding all its cards.
 */
export function civCardScores(board: PlayerBoard): CardScore[] {
  const entries: CardScore[] = [];
  const commerce: number[] = [];
  let commerceTable: Record<string, number> | null = null;
  for (const held of board.civCards) {
    if (held.id == null) continue;
    const card = civCardById(held.id);
    if (card.timing !== 'endGame') continue;
    let medals = 0;
    let scores = false;
    for (const e of card.structured) {
      switch (e.op) {
        case 'medals':
          medals += e.amount;
          scores = true;
          break;
        case 'medalsPer': {
          const counter = PER_COUNTERS[e.per];
          if (!counter) throw new Error(`No counter for civ card medals per "${e.per}"`);
          medals += e.amount * counter(board);
          scores = true;
          break;
        }
        case 'commerceAgreementSet':
          commerce.push(held.id);
          commerceTable = e.medalsByCount;
          break;
        case 'setLifepodValue':
        case 'meteoriteRepoSet':
          break; // part C: lifepodMedals, meteoriteMedals
        case 'advanceTrackers':
        case 'advanceAllTrackersToPosition':
        case 'gainBiomassPatches':
        case 'gainRoverMovement':
        case 'teleportRover':
        case 'placeExtraTileFromDepot':
        case 'collectFromPlanet':
        case 'destroyMeteoritesInLine':
        case 'destroyFromPlanet':
          break; // an action, taken when the card was (addCardEffects): no medals of its own
        default: {
          const unhandled: never = e;
          throw new Error(`Civ card ${held.id}: no scoring for ${JSON.stringify(unhandled)}`);
        }
      }
    }
    if (scores) entries.push({ cards: [held.id], medals });
  }
  if (commerceTable) entries.push({ cards: commerce, medals: commerceTable[String(commerce.length)] ?? 0 });
  return entries;
}

// ---------------------------------------------------------------- whole game

/** Parts A–D of one player's score; objectives are added by `scoreGame`. */
export function boardBreakdown(board: PlayerBoard): ScoreBreakdown {
  const planet = planetById(board.planet);
  const corporation = corporationById(board.corporation);
  return {
    planet: planetMedals(board, planet),
    tracks: trackMedals(board, corporation),
    lifepods: lifepodMedals(board),
    meteorites: meteoriteMedals(board),
    civ: civCardMedals(board),
    objectives: 0,
  };
}

export const breakdownTotal = (b: ScoreBreakdown): number =>
  b.planet + b.tracks + b.lifepods + b.meteorites + b.civ + b.objectives;

/** Order of R23: higher total, then fewer uncovered squares, then fewer meteorites on the planet. */
function compareScores(a: PlayerScore, b: PlayerScore): number {
  return b.total - a.total || a.uncovered - b.uncovered || a.meteoritesOnPlanet - b.meteoritesOnPlanet;
}

/** The parts of the game state that scoring reads. */
export type ScoringInput = Pick<GameState, 'playerIDs' | 'boards' | 'objectives' | 'endTriggers' | 'round'>;

/**
 * Scores every player on the final state (§6.3) and ranks them (§6.5, R23). Ranks skip after a
 * shared place (1, 1, 3); every rank-1 player wins. Scores are listed in seat order.
 * Private objectives (§7.2) are passed by card id per player: 5 per met card, into `objectives`.
 */
export function scoreGame(state: ScoringInput, privateObjectives?: Record<PlayerID, number[]>): GameResult {
  const contexts = new Map<PlayerID, ObjectiveContext>();
  const breakdowns = new Map<PlayerID, ScoreBreakdown>();
  for (const player of state.playerIDs) {
    const board = boardOf(state, player);
    contexts.set(player, objectiveContext(planetById(board.planet), corporationById(board.corporation)));
    breakdowns.set(player, boardBreakdown(board));
  }
  const objectiveScores = new Map<PlayerID, ScoreDetail['objectives']>();
  const addObjectiveMedals = (player: PlayerID, card: number, medals: number, shared: boolean): void => {
    const breakdown = breakdowns.get(player);
    if (!breakdown) return;
    breakdown.objectives += medals;
    const list = objectiveScores.get(player) ?? [];
    list.push({ cards: [card], medals, shared });
    objectiveScores.set(player, list);
  };

  // §6.3 F: each card compares the players sharing it; more than two is Jump Drive's card for all.
  for (const { card: cardId, players } of state.objectives) {
    const card = objectiveById(cardId);
    const values = players.map((p) => neighborValue(card, boardOf(state, p), contextOf(contexts, p)));
    const medals =
      players.length === 2
        ? scoreNeighborObjective(card, values[0] ?? 0, values[1] ?? 0)
        : scoreObjectiveAmongAll(card, values);
    players.forEach((p, k) => addObjectiveMedals(p, cardId, medals[k] ?? 0, true));
  }

  // §6.3 E
  for (const [player, cardIds] of Object.entries(privateObjectives ?? {})) {
    if (!breakdowns.has(player)) continue;
    for (const cardId of cardIds) {
      addObjectiveMedals(
        player,
        cardId,
        privateObjectiveMedals(objectiveById(cardId), boardOf(state, player), contextOf(contexts, player)),
        false,
      );
    }
  }

  const scores: PlayerScore[] = state.playerIDs.map((player) => {
    const board = boardOf(state, player);
    const breakdown = breakdowns.get(player) as ScoreBreakdown;
    const corporation = corporationById(board.corporation);
    return {
      player,
      total: breakdownTotal(breakdown),
      breakdown,
      detail: {
        tracks: boardRules(board).corporation.medalsByTrack(corporation, board),
        civCards: civCardScores(board),
        objectives: objectiveScores.get(player) ?? [],
      },
      uncovered: uncoveredAtEnd(board),
      meteoritesOnPlanet: board.meteorites.length,
      rank: 0,
    };
  });
  for (const score of scores)
    score.rank = 1 + scores.filter((other) => compareScores(other, score) < 0).length;

  return {
    scores,
    winners: scores.filter((s) => s.rank === 1).map((s) => s.player),
    endReasons: [...state.endTriggers],
    rounds: state.round,
  };
}

/** Bare squares for the tie-break (R23); bare squares that count as covered do not (R31). */
function uncoveredAtEnd(board: PlayerBoard): number {
  const { geometry, planet } = boardRules(board);
  return uncoveredSquares(board, geometry, planet.energyLikeSquares(geometry));
}

function boardOf(state: ScoringInput, player: PlayerID): PlayerBoard {
  const board = state.boards[player];
  if (!board) throw new Error(`No board for player ${player}`);
  return board;
}

function contextOf(contexts: Map<PlayerID, ObjectiveContext>, player: PlayerID): ObjectiveContext {
  const ctx = contexts.get(player);
  if (!ctx) throw new Error(`Player ${player} shares an objective but is not in the game`);
  return ctx;
}
