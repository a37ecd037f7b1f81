/**
 * The learned value function: a small network (one hidden layer of rectified units beside a linear
 * part) from the position's inputs (`inputs.ts`) to the medals the player will end the game with.
 * Its weights are data (`game/bots/value.json`, written by `npm run train`); evaluating it is a few
 * thousand multiplications, cheap beside the inputs themselves.
 */
import { VALUE_INPUT_COUNT, VALUE_INPUTS } from './names';

export const VALUE_MODEL_FORMAT = 'planet-unknown-value/1';

export interface ValueModel {
  format: typeof VALUE_MODEL_FORMAT;
  /** The inputs' names in order: a model trained on other inputs is refused. */
  inputs: readonly string[];
  hidden: number;
  /**
   * What the network adds to: `hand`, the hand-set evaluator's terms (read back from the inputs), so
   * the network learns only where that sum is wrong; `none`, nothing.
   */
  base: 'hand' | 'none';
  /** Input standardisation: z = (x − mean) / scale. */
  mean: number[];
  scale: number[];
  /** Hidden layer, row-major (hidden × inputs), and its biases. */
  w1: number[];
  b1: number[];
  /** Output weights of the hidden units, of the inputs directly (the linear part), and the bias. */
  w2: number[];
  skip: number[];
  bias: number;
}

/** Why this object is not a model the current inputs can use, or null. */
export function valueModelError(m: unknown): string | null {
  if (typeof m !== 'object' || m === null) return 'not an object';
  const v = m as Partial<ValueModel>;
  if (v.format !== VALUE_MODEL_FORMAT) return `format is not ${VALUE_MODEL_FORMAT}`;
  const n = VALUE_INPUT_COUNT;
  if (!Array.isArray(v.inputs) || v.inputs.join() !== VALUE_INPUTS.join())
    return 'its inputs are not this version’s';
  const h = v.hidden;
  if (typeof h !== 'number' || !Number.isInteger(h) || h < 0 || h > 256) return 'hidden size out of range';
  if (v.base !== 'hand' && v.base !== 'none') return 'base must be hand or none';
  const sizes: [keyof ValueModel, number][] = [
    ['mean', n],
    ['scale', n],
    ['w1', h * n],
    ['b1', h],
    ['w2', h],
    ['skip', n],
  ];
  for (const [key, size] of sizes) {
    const a = v[key];
    if (
      !Array.isArray(a) ||
      a.length !== size ||
      !a.every((x) => typeof x === 'number' && Number.isFinite(x))
    )
      return `${key} must hold ${size} finite numbers`;
  }
  if (typeof v.bias !== 'number' || !Number.isFinite(v.bias)) return 'bias must be a finite number';
  return null;
}

// Scratch space for one evaluation, allocated once.
let z = new Float64Array(VALUE_INPUT_COUNT);

/**
 * The hand-set evaluator's terms, read back from the inputs (the first five, with their scales in
 * `inputs.ts`): what a model with base `hand` adds to.
 */
export function handTerms(x: ArrayLike<number>): number {
  return 20 * ((x[0] ?? 0) + (x[1] ?? 0) + (x[2] ?? 0)) + 10 * ((x[3] ?? 0) + (x[4] ?? 0));
}

/** What the linear part adds for input `i` of `x`: its weight times the input standardised. */
export function linearPart(m: ValueModel, x: ArrayLike<number>, i: number): number {
  return ((m.skip[i] ?? 0) * ((x[i] ?? 0) - (m.mean[i] ?? 0))) / (m.scale[i] ?? 1);
}

/** The model's estimate of the player's final medals from the inputs `x`. */
export function predictValue(m: ValueModel, x: ArrayLike<number>): number {
  const n = m.mean.length;
  if (z.length < n) z = new Float64Array(n);
  let out = m.bias + (m.base === 'hand' ? handTerms(x) : 0);
  for (let i = 0; i < n; i++) {
    const zi = ((x[i] ?? 0) - (m.mean[i] ?? 0)) / (m.scale[i] ?? 1);
    z[i] = zi;
    out += (m.skip[i] ?? 0) * zi;
  }
  for (let j = 0; j < m.hidden; j++) {
    let a = m.b1[j] ?? 0;
    const row = j * n;
    for (let i = 0; i < n; i++) a += (m.w1[row + i] ?? 0) * (z[i] ?? 0);
    if (a > 0) out += (m.w2[j] ?? 0) * a;
  }
  return out;
}
