/**
 * Movement a board gains each round just by taking its tile (Republic tech 1: the value under the
 * rover tracker, on a tile with civ terrain, §8.2). What it will still bring is part of what the
 * rover and tech trackers are worth: a regression of either costs that movement every round until
 * the tracker climbs back, which the squares' own rewards do not show.
 */
import { boardRules } from '../../rules/board-rules';
import { TRACKS, type PlayerBoard } from '../../core/types';
import { baseCorporationRules } from '../../content/corporation-base';
import { corporationById, TILES } from '../../data';
import { newDraft } from '../../rules/draft';
import { effects } from '../../rules/tracks';
import { roundsLeftOf, type EvalEnv } from './env';

const MAX_CACHED = 5000;
const perTakeCache = new Map<string, number>();

/**
 * The movement one tile taken gives on average over every tile of the game, as the corporation's
 * own hook (`onTileTaken`) grants it on this board; 0 for a corporation without such a hook.
 */
export function movementPerTake(board: PlayerBoard): number {
  const rules = boardRules(board).corporation;
  if (rules.onTileTaken === baseCorporationRules.onTileTaken) return 0;
  let key = board.corporation;
  for (const t of TRACKS) key += `|${board.trackers[t].col}${board.trackers[t].row}`;
  key += `|${board.corp.usedThisGame.join(',')}|${board.corp.fluxTrack ?? ''}`;
  const cached = perTakeCache.get(key);
  if (cached !== undefined) return cached;
  const corp = corporationById(board.corporation);
  const scratch = newDraft(board);
  let total = 0;
  for (const tile of TILES) {
    scratch.movement = 0;
    scratch.pending = [];
    rules.onTileTaken(corp, scratch, effects, tile.id);
    total += scratch.movement;
  }
  const mean = total / Math.max(1, TILES.length);
  if (perTakeCache.size >= MAX_CACHED) perTakeCache.clear();
  perTakeCache.set(key, mean);
  return mean;
}

/**
 * What the movement from taking tiles is worth over the rounds left (weight `takeMovement`, in
 * medals per movement point): nothing once no rover is left to spend it.
 */
export function selectionMovementValue(board: PlayerBoard, env: EvalEnv): number {
  const w = env.w.takeMovement;
  if (w <= 0 || env.final) return 0;
  if (!board.rovers.some((r) => !r.destroyed)) return 0;
  const perTake = movementPerTake(board);
  if (perTake <= 0) return 0;
  return w * perTake * roundsLeftOf(board, env);
}
