/**
 * Training the learned value function (`model.ts`) on self-play positions: mean squared error
 * against each position's final medals, Adam, minibatches, every draw from one seeded generator so
 * that a training run is repeated exactly from its record. Pure computation: the tools run it.
 */
import { createRng } from '../../core/prng';
import { handTerms, predictValue, VALUE_MODEL_FORMAT, type ValueModel } from './model';
import { VALUE_INPUTS } from './names';

/** One position: the inputs, the medals the player ended with, and the deal it came from. */
export interface ValueSample {
  x: number[];
  y: number;
  /** The deal (game seed): validation holds whole deals out, never positions of a seen game. */
  deal: string;
  /**
   * The decision it is one candidate of (search labels): the fit then learns only the differences
   * between the candidates of a decision, what a choice depends on, and nothing of what merely
   * goes with a good game in self-play.
   */
  group?: string;
}

export interface FitOptions {
  hidden: number;
  epochs: number;
  batch: number;
  learningRate: number;
  /** L2 penalty on the weights (not the biases). */
  decay: number;
  /** Learn the hand-set evaluator's error (`hand`) or the medals themselves (`none`). */
  base: 'hand' | 'none';
  /**
   * The learned part scaled by this factor after the fit (1: as fitted). Below 1 it shrinks the
   * correction toward the hand-set terms; paired play decides (docs/bots.md: halved, it lost).
   */
  shrink: number;
  /**
   * What the fit matches within a decision (grouped samples): the candidates' differences in
   * medals (`squared`, centred errors), or their order (`rank`: the softmax of the predictions at
   * `temperature` medals against the softmax of the labels, so that a candidate far behind the
   * best weighs little, whatever its label's noise). Samples without a group always use `squared`.
   */
  loss: 'squared' | 'rank';
  temperature: number;
  /**
   * A linear model of the same base to start from, and to decay toward, rather than zero (`--from`):
   * the fit then moves an earlier model only as far as the new labels ask. Null: from zero.
   */
  start: ValueModel | null;
  seed: string;
}

export const FIT_DEFAULTS: FitOptions = {
  hidden: 0,
  epochs: 40,
  batch: 128,
  learningRate: 0.003,
  decay: 1e-4,
  base: 'hand',
  shrink: 1,
  loss: 'squared',
  temperature: 1,
  start: null,
  seed: 'value',
};

export interface FitReport {
  trainRmse: number;
  /** Root mean squared error on the held-out positions, and of their mean as a guess (the floor to beat). */
  validRmse: number;
  validBaselineRmse: number;
}

/** The samples by decision: each group alone, or every sample its own group when none is given. */
export function groupsOf(samples: readonly ValueSample[]): ValueSample[][] {
  const by = new Map<string, ValueSample[]>();
  const out: ValueSample[][] = [];
  for (const p of samples) {
    if (p.group === undefined) {
      out.push([p]);
      continue;
    }
    const g = by.get(p.group);
    if (g) g.push(p);
    else {
      const fresh = [p];
      by.set(p.group, fresh);
      out.push(fresh);
    }
  }
  return out;
}

/**
 * Root mean squared error of a model on samples; for grouped samples, of the differences within
 * each decision (errors centred on their group's mean).
 */
export function rmseOf(
  m: ValueModel,
  samples: readonly ValueSample[],
  target = (p: ValueSample) => p.y,
): number {
  if (!samples.length) return 0;
  let s = 0;
  for (const g of groupsOf(samples)) {
    const errs = g.map((p) => predictValue(m, p.x) - target(p));
    const centre = g.length > 1 ? errs.reduce((a, b) => a + b, 0) / errs.length : 0;
    for (const e of errs) s += (e - centre) ** 2;
  }
  return Math.sqrt(s / samples.length);
}

/** Fits a model to `train`, reports its error on `valid`. Deterministic from `o.seed`. */
export function fitValueModel(
  train: readonly ValueSample[],
  valid: readonly ValueSample[],
  o: FitOptions = FIT_DEFAULTS,
  progress?: (epoch: number, rmse: number) => void,
): { model: ValueModel; report: FitReport } {
  const n = VALUE_INPUTS.length;
  const h = o.hidden;
  const rng = createRng(`fit:${o.seed}`);
  const gauss = () => {
    const u = Math.max(1e-12, rng.next());
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
  };
  // Standardise the inputs on the training set; a constant input gets scale 1.
  const mean = new Array<number>(n).fill(0);
  const scale = new Array<number>(n).fill(0);
  for (const p of train) for (let i = 0; i < n; i++) mean[i] = (mean[i] ?? 0) + (p.x[i] ?? 0) / train.length;
  for (const p of train)
    for (let i = 0; i < n; i++)
      scale[i] = (scale[i] ?? 0) + ((p.x[i] ?? 0) - (mean[i] ?? 0)) ** 2 / train.length;
  for (let i = 0; i < n; i++) scale[i] = Math.sqrt(scale[i] ?? 0) > 1e-6 ? Math.sqrt(scale[i] ?? 0) : 1;
  // The target: the medals, less the hand-set terms when the network only corrects them.
  const target = (p: ValueSample) => p.y - (o.base === 'hand' ? handTerms(p.x) : 0);
  const yMean = train.reduce((a, p) => a + target(p), 0) / Math.max(1, train.length);

  // Parameters in one array: w1 (h·n), b1 (h), w2 (h), skip (n), bias (1).
  const W1 = 0;
  const B1 = W1 + h * n;
  const W2 = B1 + h;
  const SKIP = W2 + h;
  const BIAS = SKIP + n;
  const size = BIAS + 1;
  const theta = new Float64Array(size);
  for (let k = 0; k < h * n; k++) theta[W1 + k] = gauss() * Math.sqrt(2 / n);
  for (let j = 0; j < h; j++) theta[W2 + j] = gauss() * 0.1;
  theta[BIAS] = yMean;
  // The start model, moved into this fit's standardisation (its inputs are the same).
  const start = o.start;
  if (start && (start.hidden !== 0 || h !== 0 || start.base !== o.base))
    throw new Error('a fit starts only from a linear model of its own base, and stays linear');
  if (start) {
    let bias = start.bias;
    for (let i = 0; i < n; i++) {
      const w = (start.skip[i] ?? 0) / (start.scale[i] ?? 1);
      theta[SKIP + i] = w * (scale[i] ?? 1);
      bias += w * ((mean[i] ?? 0) - (start.mean[i] ?? 0));
    }
    theta[BIAS] = bias;
  }
  const prior = Float64Array.from(theta);
  if (!start) prior.fill(0);
  const decays = new Float64Array(size);
  for (let k = 0; k < size; k++) decays[k] = k < B1 || (k >= W2 && k < BIAS) ? o.decay : 0;

  const m1 = new Float64Array(size);
  const m2 = new Float64Array(size);
  const grad = new Float64Array(size);
  const groups = groupsOf(train);
  const order = groups.map((_, k) => k);
  const widest = Math.max(1, ...groups.map((g) => g.length));
  // Twice the widest decision: the ranking loss keeps its gradients and its report's errors.
  const errs = new Float64Array(2 * widest);
  const outs = new Float64Array(widest);
  const acts = new Float64Array(widest * h);
  const zAll = new Float64Array(widest * n);
  let step = 0;
  const beta1 = 0.9;
  const beta2 = 0.999;
  const toModel = (): ValueModel => ({
    format: VALUE_MODEL_FORMAT,
    inputs: [...VALUE_INPUTS],
    hidden: h,
    base: o.base,
    mean: [...mean],
    scale: [...scale],
    w1: Array.from(theta.subarray(W1, B1)),
    b1: Array.from(theta.subarray(B1, W2)),
    w2: Array.from(theta.subarray(W2, SKIP)),
    skip: Array.from(theta.subarray(SKIP, BIAS)),
    bias: theta[BIAS] ?? 0,
  });
  const adamStep = (lr: number) => {
    step++;
    const c1 = 1 - beta1 ** step;
    const c2 = 1 - beta2 ** step;
    for (let k = 0; k < size; k++) {
      const gk = (grad[k] ?? 0) + (decays[k] ?? 0) * ((theta[k] ?? 0) - (prior[k] ?? 0));
      m1[k] = beta1 * (m1[k] ?? 0) + (1 - beta1) * gk;
      m2[k] = beta2 * (m2[k] ?? 0) + (1 - beta2) * gk * gk;
      theta[k] = (theta[k] ?? 0) - (lr * ((m1[k] ?? 0) / c1)) / (Math.sqrt((m2[k] ?? 0) / c2) + 1e-8);
    }
    grad.fill(0);
  };
  let trainRmse = 0;
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    // Fisher–Yates with the seeded generator.
    for (let k = order.length - 1; k > 0; k--) {
      const r = rng.int(k + 1);
      const t = order[k] as number;
      order[k] = order[r] as number;
      order[r] = t;
    }
    // The learning rate falls linearly to a tenth over the run.
    const lr = o.learningRate * (1 - (0.9 * epoch) / Math.max(1, o.epochs));
    let sq = 0;
    let inBatch = 0;
    grad.fill(0);
    for (const gi of order) {
      const g = groups[gi] as ValueSample[];
      // Forward every member of the decision, keeping the activations for the backward pass.
      for (let b = 0; b < g.length; b++) {
        const p = g[b] as ValueSample;
        let out = theta[BIAS] ?? 0;
        for (let i = 0; i < n; i++) {
          const zi = ((p.x[i] ?? 0) - (mean[i] ?? 0)) / (scale[i] ?? 1);
          zAll[b * n + i] = zi;
          out += (theta[SKIP + i] ?? 0) * zi;
        }
        for (let j = 0; j < h; j++) {
          let a = theta[B1 + j] ?? 0;
          for (let i = 0; i < n; i++) a += (theta[W1 + j * n + i] ?? 0) * (zAll[b * n + i] ?? 0);
          acts[b * h + j] = a > 0 ? a : 0;
          out += (theta[W2 + j] ?? 0) * (a > 0 ? a : 0);
        }
        errs[b] = out - target(p);
        outs[b] = out + (o.base === 'hand' ? handTerms(p.x) : 0);
      }
      const ranked = o.loss === 'rank' && g.length > 1;
      if (ranked) rankGradients(g, outs, errs, o.temperature);
      // A decision's candidates are compared with one another: their errors are centred.
      let centre = 0;
      if (g.length > 1) {
        for (let b = 0; b < g.length; b++) centre += errs[b] ?? 0;
        centre /= g.length;
      }
      for (let b = 0; b < g.length; b++) {
        const err = ranked ? (errs[g.length + b] ?? 0) : (errs[b] ?? 0) - centre;
        sq += err * err;
        const gr = ranked ? (errs[b] ?? 0) / o.batch : (2 * err) / o.batch;
        grad[BIAS] = (grad[BIAS] ?? 0) + gr;
        for (let i = 0; i < n; i++) grad[SKIP + i] = (grad[SKIP + i] ?? 0) + gr * (zAll[b * n + i] ?? 0);
        for (let j = 0; j < h; j++) {
          const aj = acts[b * h + j] ?? 0;
          grad[W2 + j] = (grad[W2 + j] ?? 0) + gr * aj;
          if (aj <= 0) continue;
          const gj = gr * (theta[W2 + j] ?? 0);
          grad[B1 + j] = (grad[B1 + j] ?? 0) + gj;
          const row = W1 + j * n;
          for (let i = 0; i < n; i++) grad[row + i] = (grad[row + i] ?? 0) + gj * (zAll[b * n + i] ?? 0);
        }
      }
      inBatch += g.length;
      if (inBatch >= o.batch) {
        adamStep(lr);
        inBatch = 0;
      }
    }
    if (inBatch > 0) adamStep(lr);
    trainRmse = Math.sqrt(sq / Math.max(1, train.length));
    progress?.(epoch + 1, trainRmse);
  }
  if (o.shrink !== 1) {
    for (let k = SKIP; k < BIAS; k++) theta[k] = (theta[k] ?? 0) * o.shrink;
    for (let j = 0; j < h; j++) theta[W2 + j] = (theta[W2 + j] ?? 0) * o.shrink;
  }
  // With decisions compared only among themselves the level is free: set it to the mean error.
  if (groups.some((g) => g.length > 1)) {
    let off = 0;
    const m = toModel();
    for (const p of train) off += predictValue(m, p.x) - p.y;
    theta[BIAS] = (theta[BIAS] ?? 0) - off / Math.max(1, train.length);
  }
  const model = toModel();
  // The floor to beat: the mean alone (for decisions, every candidate valued alike).
  const vMean = valid.reduce((a, p) => a + p.y, 0) / Math.max(1, valid.length);
  const flat: ValueModel = { ...model, hidden: 0, base: 'none', skip: model.skip.map(() => 0), bias: 0 };
  const validBaselineRmse = rmseOf(flat, valid, (p) => p.y - vMean);
  return { model, report: { trainRmse, validRmse: rmseOf(model, valid), validBaselineRmse } };
}

/**
 * The ranking loss's gradient for one decision, written over `errs[0 … n)`: the softmax of the
 * values (`outs`, in medals) less the softmax of the labels, both at `temperature`, over the
 * temperature. The centred squared errors, for the report, go to `errs[n … 2n)`.
 */
function rankGradients(
  g: readonly ValueSample[],
  outs: Float64Array,
  errs: Float64Array,
  temperature: number,
): void {
  const n = g.length;
  let centre = 0;
  for (let b = 0; b < n; b++) centre += (errs[b] ?? 0) / n;
  for (let b = 0; b < n; b++) errs[n + b] = (errs[b] ?? 0) - centre;
  const softmax = (value: (b: number) => number): number[] => {
    let top = -Infinity;
    for (let b = 0; b < n; b++) top = Math.max(top, value(b));
    const e = Array.from({ length: n }, (_, b) => Math.exp((value(b) - top) / temperature));
    const sum = e.reduce((a, x) => a + x, 0);
    return e.map((x) => x / sum);
  };
  const predicted = softmax((b) => outs[b] ?? 0);
  const wanted = softmax((b) => (g[b] as ValueSample).y);
  for (let b = 0; b < n; b++) errs[b] = ((predicted[b] ?? 0) - (wanted[b] ?? 0)) / temperature;
}

/** The model with its numbers rounded to `digits` significant digits (the file stays small). */
export function roundedModel(m: ValueModel, digits = 5): ValueModel {
  const r = (x: number) => Number(x.toPrecision(digits));
  return {
    ...m,
    mean: m.mean.map(r),
    scale: m.scale.map(r),
    w1: m.w1.map(r),
    b1: m.b1.map(r),
    w2: m.w2.map(r),
    skip: m.skip.map(r),
    bias: r(m.bias),
  };
}
