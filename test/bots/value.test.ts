/**
 * The learned value function (game/bots/value/): its inputs read one player's position, its file
 * is checked before use, its training is repeated exactly from its seed, and the evaluator uses it
 * only before the end, where real medals alone count.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS, evalEnv, evaluate } from '../../game/bots/features';
import { FIT_DEFAULTS, fitValueModel, rmseOf, type ValueSample } from '../../game/bots/value/fit';
import { valueInputs, VALUE_INPUT_COUNT, VALUE_INPUTS } from '../../game/bots/value/inputs';
import {
  handTerms,
  predictValue,
  valueModelError,
  VALUE_MODEL_FORMAT,
  type ValueModel,
} from '../../game/bots/value/model';
import { initialGameState } from '../../game/match';
import { playerView } from '../../game/view';
import { createRng } from '../../game/core/prng';

/** Positions whose medals follow a known rule of two inputs, with noise: a fit must find it. */
function synthetic(count: number, seed: string): ValueSample[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, k) => {
    const x = VALUE_INPUTS.map(() => rng.next());
    const y = 30 + 10 * (x[8] ?? 0) + 5 * Math.max(0, (x[5] ?? 0) - 0.5) + (rng.next() - 0.5);
    return { x, y, deal: `d${k % 40}` };
  });
}

const zeroModel = (base: 'hand' | 'none'): ValueModel => ({
  format: VALUE_MODEL_FORMAT,
  inputs: [...VALUE_INPUTS],
  hidden: 0,
  base,
  mean: VALUE_INPUTS.map(() => 0),
  scale: VALUE_INPUTS.map(() => 1),
  w1: [],
  b1: [],
  w2: [],
  skip: VALUE_INPUTS.map(() => 0),
  bias: 7,
});

describe('the learned value function', () => {
  it('reads a position as one number per named input, the same for the same view', () => {
    const state = initialGameState(2, 'value-inputs');
    const view = playerView(state, '0');
    const board = view.boards['0'];
    if (!board) throw new Error('no board');
    const env = evalEnv(view, '0', undefined, false, null);
    const a = Array.from(valueInputs(board, env));
    expect(a).toHaveLength(VALUE_INPUT_COUNT);
    expect(a.every(Number.isFinite)).toBe(true);
    expect(Array.from(valueInputs(board, env))).toEqual(a);
    // The players at the table and the round are inputs, read from the game, not the board.
    expect(a[VALUE_INPUTS.indexOf('players')]).toBeCloseTo(2 / 6);
  });

  it('a model with base "hand" adds to the hand-set terms it reads back from the inputs', () => {
    const x = VALUE_INPUTS.map((_, i) => (i < 5 ? 0.5 : 0.3));
    expect(handTerms(x)).toBeCloseTo(20 * 1.5 + 10 * 1);
    expect(predictValue(zeroModel('hand'), x)).toBeCloseTo(7 + 40);
    expect(predictValue(zeroModel('none'), x)).toBeCloseTo(7);
  });

  it('refuses a file that does not fit the inputs of this version, saying why', () => {
    expect(valueModelError(zeroModel('none'))).toBeNull();
    expect(valueModelError({ format: 'none' })).toMatch(/format/);
    expect(valueModelError({ ...zeroModel('none'), inputs: ['planetTerm'] })).toMatch(/inputs/);
    expect(valueModelError({ ...zeroModel('none'), skip: [1] })).toMatch(/skip/);
    expect(valueModelError({ ...zeroModel('none'), bias: Number.NaN })).toMatch(/bias/);
    expect(valueModelError({ ...zeroModel('none'), hidden: 2 })).toMatch(/w1/);
  });

  it('training learns a known rule and is the same from the same seed (a run repeats from its record)', () => {
    const data = synthetic(3000, 'fit');
    const valid = synthetic(500, 'valid');
    const o = {
      hidden: 8,
      epochs: 12,
      batch: 64,
      learningRate: 0.01,
      decay: 0,
      base: 'none' as const,
      shrink: 1,
      loss: 'squared' as const,
      temperature: 1,
      start: null,
      seed: 's',
    };
    const a = fitValueModel(data, valid, o);
    const b = fitValueModel(data, valid, o);
    expect(b.model).toEqual(a.model);
    // Noise is uniform on ±0.5 (rmse 0.29): the fit comes close to it, far below the spread of y.
    expect(a.report.validRmse).toBeLessThan(0.6);
    expect(a.report.validBaselineRmse).toBeGreaterThan(2.5);
    expect(rmseOf(a.model, valid)).toBeCloseTo(a.report.validRmse);
    const other = fitValueModel(data, valid, { ...o, seed: 't' });
    expect(other.model.w1).not.toEqual(a.model.w1);
  });

  it('--shrink scales the learned part after the fit, toward the hand-set terms; nothing else moves', () => {
    const data = synthetic(1000, 'fit');
    const o = { ...FIT_DEFAULTS, hidden: 4, epochs: 3, base: 'none' as const, seed: 's' };
    const full = fitValueModel(data, [], o).model;
    const half = fitValueModel(data, [], { ...o, shrink: 0.5 }).model;
    half.skip.forEach((w, i) => expect(w).toBeCloseTo((full.skip[i] ?? 0) / 2, 12));
    half.w2.forEach((w, j) => expect(w).toBeCloseTo((full.w2[j] ?? 0) / 2, 12));
    expect(half.w1).toEqual(full.w1);
    const none = fitValueModel(data, [], { ...o, shrink: 0 }).model;
    expect(none.skip.every((w) => w === 0) && none.w2.every((w) => w === 0)).toBe(true);
  });

  it('--loss rank learns the order of a decision’s candidates: the best one is picked on held-out decisions', () => {
    // Decisions of five candidates; what tells them apart is input 8 (the rest is noise).
    const decisions = (count: number, seed: string): ValueSample[] => {
      const rng = createRng(seed);
      return Array.from({ length: count * 5 }, (_, k) => {
        const x = VALUE_INPUTS.map(() => rng.next());
        return {
          x,
          y: 40 + 6 * (x[8] ?? 0) + (rng.next() - 0.5),
          deal: `d${k % 40}`,
          group: `g${Math.floor(k / 5)}`,
        };
      });
    };
    const o = {
      ...FIT_DEFAULTS,
      base: 'none' as const,
      epochs: 20,
      learningRate: 0.01,
      loss: 'rank' as const,
      seed: 'r',
    };
    const valid = decisions(200, 'valid');
    const { model } = fitValueModel(decisions(600, 'fit'), valid, o);
    expect(fitValueModel(decisions(600, 'fit'), valid, o).model).toEqual(model);
    let right = 0;
    for (let g = 0; g < 200; g++) {
      const candidates = valid.slice(g * 5, g * 5 + 5);
      const best = (score: (p: ValueSample) => number) =>
        candidates.reduce((a, p) => (score(p) > score(a) ? p : a));
      if (best((p) => predictValue(model, p.x)) === best((p) => p.x[8] ?? 0)) right++;
    }
    expect(right).toBeGreaterThanOrEqual(180);
    // The learned part reads input 8, and little else.
    const weights = model.skip.map((w, i) => Math.abs(w / (model.scale[i] ?? 1)));
    expect(weights.indexOf(Math.max(...weights))).toBe(8);
  });

  it('--from starts the fit at an earlier linear model, in the fit’s own standardisation', () => {
    const data = synthetic(500, 'fit');
    const start: ValueModel = {
      ...zeroModel('none'),
      mean: VALUE_INPUTS.map((_, i) => i / 10),
      scale: VALUE_INPUTS.map((_, i) => 1 + i / 20),
      skip: VALUE_INPUTS.map((_, i) => (i % 3) - 1),
      bias: 12,
    };
    // Not one step taken: the fit is the start model, whatever its standardisation.
    const still = fitValueModel(data, [], { ...FIT_DEFAULTS, base: 'none', learningRate: 0, start }).model;
    for (const p of data.slice(0, 20))
      expect(predictValue(still, p.x)).toBeCloseTo(predictValue(start, p.x), 9);
    expect(() => fitValueModel(data, [], { ...FIT_DEFAULTS, base: 'hand', start })).toThrow(
      /linear model of its own base/,
    );
  });

  it('the evaluator gives the model’s estimate before the end, and the real medals at the end', () => {
    const state = initialGameState(1, 'value-eval');
    const view = playerView(state, '0');
    const board = view.boards['0'];
    if (!board) throw new Error('no board');
    const model = zeroModel('none');
    expect(evaluate(board, evalEnv(view, '0', undefined, false, model))).toBeCloseTo(7);
    const final = evaluate(board, evalEnv(view, '0', undefined, true, model));
    expect(final).toBe(evaluate(board, evalEnv(view, '0', undefined, true, null)));
  });

  it('scales what the model learnt for the private objectives, the tracks and the trackers by their corrections', () => {
    // Those corrections were learnt before their terms changed (docs/bots.md, "The evaluator").
    const state = initialGameState(1, 'value-private');
    const view = playerView(state, '0');
    const board = view.boards['0'];
    if (!board) throw new Error('no board');
    const privateTerm = VALUE_INPUTS.indexOf('privateTerm');
    const trackTerm = VALUE_INPUTS.indexOf('trackTerm');
    const trackTech = VALUE_INPUTS.indexOf('trackTech');
    const learnt = new Map([
      [privateTerm, 2],
      [trackTerm, 3],
      [trackTech, 5],
    ]);
    const model: ValueModel = {
      ...zeroModel('none'),
      mean: VALUE_INPUTS.map((_, i) => (learnt.has(i) ? -1 : 0)),
      skip: VALUE_INPUTS.map((_, i) => learnt.get(i) ?? 0),
    };
    const at = (privateCorrection: number, trackCorrection: number, stepsCorrection: number) =>
      evaluate(
        board,
        evalEnv(
          view,
          '0',
          { ...DEFAULT_WEIGHTS, privateCorrection, trackCorrection, stepsCorrection },
          false,
          model,
        ),
      );
    const x = valueInputs(board, evalEnv(view, '0', undefined, false, model));
    const p = (x[privateTerm] ?? 0) + 1;
    const t = (x[trackTerm] ?? 0) + 1;
    const tech = (x[trackTech] ?? 0) + 1;
    expect(at(1, 1, 1)).toBeCloseTo(7 + 2 * p + 3 * t + 5 * tech);
    expect(at(0.5, 1, 1)).toBeCloseTo(7 + p + 3 * t + 5 * tech);
    expect(at(0, 1.5, 1)).toBeCloseTo(7 + 4.5 * t + 5 * tech);
    expect(at(1, 1, 2)).toBeCloseTo(7 + 2 * p + 3 * t + 10 * tech);
    expect(DEFAULT_WEIGHTS.privateCorrection).toBe(0.25);
    expect(DEFAULT_WEIGHTS.trackCorrection).toBe(1.25);
    expect(DEFAULT_WEIGHTS.stepsCorrection).toBe(1.5);
  });
});
