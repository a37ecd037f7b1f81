/**
 * What the learned value function reads of a position (one player's view): the hand evaluator's
 * terms one by one (planet, tracks, pieces, objectives), the lines by how many squares they still
 * miss, what spoils them, how much of the planet and of the game is left, the trackers' heights
 * and the pieces collected. Every input is scaled to about 0–1 so that one learning rate fits all.
 * Gains still pending in a turn are not an input: the learned value adds their hand-set worth
 * (`extrasValue`), since self-play positions are taken between turns, where none are pending.
 */
import { TRACKS, type PlayerBoard } from '../../core/types';
import { fadeOf, newDetail, type Detail, type EvalEnv } from '../features/env';
import { objectiveValue } from '../features/neighbor-objectives';
import { piecesValue } from '../features/pieces';
import { planetValue } from '../features/planet';
import { privateValue } from '../features/private-objectives';
import { trackValue } from '../features/tracks';
import { VALUE_INPUT_COUNT } from './names';

export { VALUE_INPUT_COUNT, VALUE_INPUTS, type ValueInputName } from './names';

// One detail record, reused: the value runs once per candidate placement.
const detail: Detail = newDetail();

/** Fills `out` (length VALUE_INPUT_COUNT) with the inputs of this board, and returns it. */
export function valueInputs(
  board: PlayerBoard,
  env: EvalEnv,
  out: Float64Array = new Float64Array(VALUE_INPUT_COUNT),
  fade: number = fadeOf(board, env),
): Float64Array {
  const planet = planetValue(board, env, fade, detail);
  let done = 0;
  let spoilt = 0;
  let cancelled = 0;
  const missing = [0, 0, 0, 0, 0];
  for (const line of detail.lines) {
    if (line.missing === 0) {
      if (line.meteor) cancelled += line.medal;
      else done += line.medal;
    } else if (line.meteor || line.dead) spoilt += line.medal;
    else {
      const k = Math.min(line.missing, 5) - 1;
      missing[k] = (missing[k] ?? 0) + line.medal;
    }
  }
  let roversOut = 0;
  for (const r of board.rovers) if (!r.destroyed && r.cell !== null) roversOut++;
  let i = 0;
  out[i++] = planet / 20;
  out[i++] = trackValue(board, env, fade) / 20;
  out[i++] = piecesValue(board, env, fade) / 20;
  out[i++] = objectiveValue(board, env) / 10;
  out[i++] = privateValue(board, env) / 10;
  // Time, from the clock of the game alone: an input read off the board (its bare squares, say)
  // would be learnt as a cause of the final score when it only goes with it in self-play.
  out[i++] = Number.isFinite(env.roundsLeft) ? Math.min(env.roundsLeft, 20) / 20 : 0;
  out[i++] = env.round / 20;
  out[i++] = Number.isFinite(env.roundsLeft) ? 1 : 0;
  out[i++] = done / 20;
  for (const m of missing) out[i++] = m / 10;
  out[i++] = spoilt / 10;
  out[i++] = cancelled / 10;
  out[i++] = detail.deadSquares / 5;
  out[i++] = detail.pinched / 5;
  out[i++] = board.collected.lifepods / 5;
  out[i++] = board.collected.meteorites / 5;
  out[i++] = roversOut / 3;
  out[i++] = board.civCards.length / 4;
  for (const track of TRACKS) out[i++] = board.trackers[track].row / 12;
  out[i++] = env.players / 6;
  out[i++] = env.privateCards.length / 2;
  return out;
}
