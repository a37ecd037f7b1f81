/**
 * The bots' board evaluator: a weighted sum of features of one player's planet and corporation
 * board (weights in weights.json, tuned by `npm run tune`). Real medals count at face value; the
 * rest estimates what the position is worth in future medals:
 *
 * - rows and columns: complete ones by their medal, nearly complete ones by a share of it, lines
 *   spoilt by a meteorite or by a square no tile can fill by a small share;
 * - enclosed squares no available shape can fill, and pinched squares (room for future tiles);
 * - tracks: medals reached, the next medal's, milestone's and boost's distance, steps, techs, civ
 *   milestones reached, the movement taking a tile brings (selection-movement);
 * - lifepods collected or still on the planet, rovers deployed and how close they are to a target;
 * - neighbor objectives against the other players' public boards;
 * - gains still pending in the turn.
 *
 * Speculative terms fade as the planet fills up (`horizon`), and vanish at the end of the game.
 * Everything here reads one board and public information only. Each term has its own module
 * (planet, tracks, pieces, private-objectives, neighbor-objectives, extras); what the evaluator
 * knows besides the board is in env, the per-planet and per-corporation tables in planet-tables
 * and corporation-tables. Where a term needs a rule (where a tracker goes, a track square's
 * medal), it asks game/rules.
 */
import type { PlayerBoard } from '../../core/types';
import { fadeOf, type Detail, type EvalEnv, type TurnExtras } from './env';
import { extrasValue } from './extras';
import { objectiveValue } from './neighbor-objectives';
import { piecesValue } from './pieces';
import { planetValue } from './planet';
import { privateValue } from './private-objectives';
import { trackValue } from './tracks';
import { linearPart, predictValue, type ValueModel } from '../value/model';
import { VALUE_INPUT_COUNT, VALUE_INPUTS, valueInputs } from '../value/inputs';
import type { ValueInputName } from '../value/names';
import type { WeightName, Weights } from './weights';

// The learned value's inputs, one scratch array: the evaluator runs per candidate placement.
const scratch = new Float64Array(VALUE_INPUT_COUNT);
const inputsOf = (...names: ValueInputName[]) => names.map((n) => VALUE_INPUTS.indexOf(n));

/**
 * The model learnt its linear corrections of some inputs before what they read changed, so each of
 * these weights scales what the model adds for its inputs (1: as learnt; docs/bots.md, "The
 * evaluator"). The private objectives' term (about half of it taken away) was a hand-set share of
 * their progress and is now the odds of meeting them: only a quarter of that correction applies.
 * The track term (about half of it away too) and the trackers' heights were learnt before the term
 * read where each tracker is heading: play says to take both further.
 */
const CORRECTIONS: readonly (readonly [WeightName, readonly number[]])[] = [
  ['privateCorrection', inputsOf('privateTerm')],
  ['trackCorrection', inputsOf('trackTerm')],
  ['stepsCorrection', inputsOf('trackCiv', 'trackWater', 'trackBiomass', 'trackRover', 'trackTech')],
];

/** What the corrections' weights add to the model's estimate (nothing when all are 1). */
function rescaled(model: ValueModel, x: ArrayLike<number>, w: Weights): number {
  let sum = 0;
  for (const [weight, inputs] of CORRECTIONS) {
    const k = w[weight] - 1;
    if (k !== 0) for (const i of inputs) sum += k * linearPart(model, x, i);
  }
  return sum;
}

/**
 * The evaluator: estimated final medals of this board (higher is better). With a learned value
 * function in the environment it gives that function's estimate, plus the hand-set worth of what the
 * turn still holds; at the end of the game, and without one, the hand-set sum below.
 */
export function evaluate(board: PlayerBoard, env: EvalEnv, extras?: TurnExtras, detail?: Detail): number {
  const fade = fadeOf(board, env);
  if (detail) detail.fade = fade;
  if (env.model && !env.final) {
    if (detail) planetValue(board, env, fade, detail);
    const x = valueInputs(board, env, scratch, fade);
    return predictValue(env.model, x) + rescaled(env.model, x, env.w) + extrasValue(board, env, fade, extras);
  }
  return (
    planetValue(board, env, fade, detail) +
    trackValue(board, env, fade) +
    piecesValue(board, env, fade) +
    objectiveValue(board, env) +
    privateValue(board, env) +
    extrasValue(board, env, fade, extras)
  );
}

export { DEFAULT_WEIGHTS, type WeightName, type Weights } from './weights';
export { tablesOf, type PlanetTables } from './planet-tables';
export { corpTablesOf } from './corporation-tables';
export {
  availableShapeMask,
  evalEnv,
  fadeOf,
  newDetail,
  roundsLeftOf,
  type Detail,
  type EvalEnv,
  type TurnExtras,
} from './env';
export { planetValue } from './planet';
export { privateProgress, privateValue } from './private-objectives';
export { advanceWorth, trackValue } from './tracks';
export { deliveryDistances, piecesValue, roverDistances, targetDistances } from './pieces';
export { objectiveValue } from './neighbor-objectives';
export { extrasValue } from './extras';
