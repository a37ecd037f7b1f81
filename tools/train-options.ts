/**
 * The options of `npm run train` (tools/train.ts): their defaults, their bounds, the models they
 * name, and the sentence that refuses a bad one. Everything is checked here, before any game is
 * played.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { COMMANDER_DEFAULTS } from '../game/bots/commander';
import { LEARNED_VALUE } from '../game/bots/value/learned';
import { valueModelError, type ValueModel } from '../game/bots/value/model';
import { FIT_DEFAULTS } from '../game/bots/value/fit';
import { UsageError } from './usage-error';

export const TRAIN_USAGE =
  'npm run train -- [--games N] [--minutes M] [--labels final|search] [--worlds W] [--horizon R] [--race drop|all] [--turn-share S] [--seed S] [--workers W] [--validate N] [--policy committed|hand|FILE]\n' +
  '  [--spread J] [--topk K] [--hidden H] [--epochs E] [--rate R] [--decay D] [--shrink S] [--loss squared|rank] [--temperature T] [--from committed|FILE] [--base hand|none]\n' +
  '  [--data FILE[,FILE]] [--save FILE] [--generate-only] [--write] [--max-actions N]\n';

function fail(why: string): never {
  throw new UsageError(why);
}

/** Node's own parse, its refusal (an unknown option, a missing value) as a UsageError. */
function parsed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/**
 * The evaluator self-play plays and searches with: the committed value function, the hand-set sum,
 * or a value function's file (an earlier model, say, so that new positions come from the policy
 * that made earlier ones).
 */
function policyFrom(policy: string, option = 'policy'): ValueModel | null {
  if (policy === 'committed') return LEARNED_VALUE;
  if (policy === 'hand' && option === 'policy') return null;
  let model: unknown;
  try {
    model = JSON.parse(readFileSync(policy, 'utf8'));
  } catch (e) {
    const names = option === 'policy' ? 'committed, hand' : 'committed';
    return fail(`--${option} must be ${names} or a value function's file (${(e as Error).message})`);
  }
  const error = valueModelError(model);
  if (error) fail(`--${option} ${policy} is not a value function of this version (${error})`);
  return model as ValueModel;
}

/** The run `argv` (the tool's arguments) asks for, or a UsageError saying what is wrong. */
export function trainOptions(argv: string[]) {
  const { values } = parsed(() =>
    parseArgs({
      args: argv,
      options: {
        games: { type: 'string', default: '150' },
        minutes: { type: 'string' },
        labels: { type: 'string', default: 'search' },
        worlds: { type: 'string', default: '6' },
        horizon: { type: 'string', default: String(COMMANDER_DEFAULTS.horizon) },
        race: { type: 'string', default: 'drop' },
        'turn-share': { type: 'string', default: '1' },
        seed: { type: 'string', default: 'train' },
        workers: { type: 'string', default: '2' },
        validate: { type: 'string', default: '60' },
        policy: { type: 'string', default: 'committed' },
        spread: { type: 'string', default: '0.3' },
        topk: { type: 'string', default: '3' },
        hidden: { type: 'string', default: String(FIT_DEFAULTS.hidden) },
        epochs: { type: 'string', default: String(FIT_DEFAULTS.epochs) },
        rate: { type: 'string', default: String(FIT_DEFAULTS.learningRate) },
        decay: { type: 'string', default: String(FIT_DEFAULTS.decay) },
        shrink: { type: 'string', default: String(FIT_DEFAULTS.shrink) },
        loss: { type: 'string', default: FIT_DEFAULTS.loss },
        temperature: { type: 'string', default: String(FIT_DEFAULTS.temperature) },
        from: { type: 'string' },
        base: { type: 'string', default: FIT_DEFAULTS.base },
        data: { type: 'string' },
        save: { type: 'string' },
        'max-actions': { type: 'string', default: '20000' },
        'generate-only': { type: 'boolean', default: false },
        write: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }),
  );
  const num = (name: string, v: string | undefined, min: number): number => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number ≥ ${min} (got "${v}")`);
    return n;
  };
  const games = num('games', values.games, 0);
  const maxActions = num('max-actions', values['max-actions'], 1);
  const validateGames = num('validate', values.validate, 0);
  const worlds = num('worlds', values.worlds, 1);
  const horizon = num('horizon', values.horizon, 1);
  if (values.race !== 'drop' && values.race !== 'all') fail('--race must be drop or all');
  if (values.loss !== 'squared' && values.loss !== 'rank') fail('--loss must be squared or rank');
  const temperature = num('temperature', values.temperature, 0);
  if (temperature === 0) fail('--temperature must be above zero');
  // --from: a linear model to start the fit from (its file, or the committed one), not zero.
  const startModel = values.from === undefined ? null : policyFrom(values.from, 'from');
  if (values.from !== undefined && (startModel === null || startModel.hidden !== 0))
    fail('--from must be committed or a linear value function of this version (hidden 0)');
  if (startModel && (num('hidden', values.hidden, 0) !== 0 || startModel.base !== (values.base ?? 'hand')))
    fail('--from fits linear (--hidden 0) on the start model’s base');
  const keepAll = values.race === 'all';
  const turnShare = Number(values['turn-share']);
  if (!(turnShare > 0 && turnShare <= 1))
    fail(`--turn-share must be above 0 and at most 1 (got "${values['turn-share']}")`);
  const workerCount = Math.max(1, num('workers', values.workers, 1));
  const spreadJ = num('spread', values.spread, 0);
  const topK = num('topk', values.topk, 1);
  const labels: 'search' | 'final' = values.labels === 'search' ? 'search' : 'final';
  if (values.labels !== 'search' && values.labels !== 'final') fail('--labels must be final or search');
  if (values.base !== 'hand' && values.base !== 'none') fail('--base must be hand or none');
  const policyModel = policyFrom(values.policy);
  const minutes = values.minutes === undefined ? null : num('minutes', values.minutes, 0);
  const fit = {
    hidden: num('hidden', values.hidden, 0),
    epochs: num('epochs', values.epochs, 1),
    learningRate: num('rate', values.rate, 0),
    decay: num('decay', values.decay, 0),
    shrink: num('shrink', values.shrink, 0),
    loss: values.loss === 'rank' ? ('rank' as const) : ('squared' as const),
    temperature,
    start: startModel,
    base: values.base === 'none' ? ('none' as const) : ('hand' as const),
    seed: values.seed,
  };
  return {
    values,
    games,
    maxActions,
    validateGames,
    worlds,
    horizon,
    keepAll,
    turnShare,
    workerCount,
    spreadJ,
    topK,
    labels,
    policyModel,
    minutes,
    fit,
  };
}

export type TrainOptions = ReturnType<typeof trainOptions>;
