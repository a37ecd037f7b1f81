/**
 * Trains the bots' learned value function (game/bots/value.json) on self-play positions:
 *
 *   npm run train -- --games 150 --seed srch3 --workers 2 --validate 100 [--write]
 *
 * 1. Self-play (progress bar on stderr): each deal draws its table from its seed: solo (half the
 *    deals) or 2–4 players, every seat a random planet and corporation, with or without events and
 *    private objectives in multiplayer. Every seat is the Pilot, evaluating with --policy
 *    (`committed`: the committed value function, or the hand-set sum when none is; `hand`; or a
 *    value function's file, an earlier model say, so new positions come from the policy of old ones).
 *    --labels search (the default; expert iteration): at each round turn the Commander's race over
 *    the Pilot's best turns runs with --worlds worlds per candidate, its playouts --horizon rounds
 *    long (the Commander's 30: every game played to its end, so real medals label it; --race all:
 *    every candidate plays every world, none leaves the race early), and every candidate's board
 *    is a position valued by the search, grouped by decision; the Pilot's choice is played.
 *    --turn-share S searches that share of the round turns, drawn per turn from the deal's seed
 *    (1, every turn): the same time then covers more deals, whose turns are less alike.
 *    --labels final: at the start of each of a seat's round turns its position is recorded, labelled
 *    by the medals that seat ends with; each seat's hand-set weights are jittered per deal
 *    (--spread, exploration). These labels teach what goes with a good game, not what makes one
 *    (docs/bots.md): kept for comparison.
 *    --data FILE[,FILE] adds positions saved earlier (--save FILE writes them: JSON lines, gzip).
 *    --minutes M starts no new deal after M minutes (a bounded run on a borrowed machine); SIGTERM or
 *    Ctrl-C during self-play saves the deals already played and stops. A deal that fails (a game
 *    past --max-actions, 20,000, say) or a worker that dies is reported and skipped; the run goes on.
 * 2. Fit: the model is trained on the positions of nine deals in ten; the tenth (whole deals,
 *    chosen by the deal's seed) measures its error. Grouped positions are compared only within
 *    their decision.
 * 3. Paired validation: the Pilot plays --validate fresh solo deals (Standard event deck, private
 *    objectives) with the new function and with the committed evaluator, the same deals for both;
 *    the gain is the mean of the per-deal differences with its 95% interval.
 * 4. With --write, the function and its training record (game/bots/value.training.json: the command,
 *    seeds, games, positions, fit settings, errors, validation) are written only when the interval
 *    lies above zero.
 *
 * The figures go to stdout as one JSON line. --generate-only stops after self-play (with --save).
 * Everything is seeded: the same command gives the same positions, model and validation deals.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { GameState, PlayerID } from '../game/core/types';
import { createRng } from '../game/core/prng';
import { legalActions } from '../game/engine';
import { playGame, seatsFor } from '../game/sim';
import type { SetupData } from '../game/setup-data';
import { playerView } from '../game/view';
import { clearPlans } from '../game/bots/common';
import { DEFAULT_WEIGHTS, type Weights } from '../game/bots/features';
import { envFor, pilotDecide } from '../game/bots/pilot';
import { searchValues } from '../game/bots/commander';
import { LEARNED_VALUE } from '../game/bots/value/learned';
import { valueInputs } from '../game/bots/value/inputs';
import { valueModelError, type ValueModel } from '../game/bots/value/model';
import { FIT_DEFAULTS, fitValueModel, roundedModel, type ValueSample } from '../game/bots/value/fit';
import { pairedInterval } from './paired';
import { TRAIN_USAGE, trainOptions, type TrainOptions } from './train-options';
import { UsageError } from './usage-error';

const MODEL_FILE = fileURLToPath(new URL('../game/bots/value.json', import.meta.url));
const RECORD_FILE = fileURLToPath(new URL('../game/bots/value.training.json', import.meta.url));

/**
 * Weights that set the scale (real medals), the planning's structure or how much of the learned
 * correction applies: never jittered.
 */
const STEADY = new Set([
  'lineDone',
  'trackMedal',
  'lifepod',
  'horizon',
  'squaresPerRound',
  'roundsPerSquare',
  'planned',
  'planEfficiency',
  'lookahead',
  'lookahead2',
  'lookDepth',
  'privateCorrection',
  'trackCorrection',
  'stepsCorrection',
]);

/** How one deal's table is set: drawn from its seed, so a deal is the same in every run. */
export function dealSetup(seed: string): { players: number; setupData: SetupData } {
  const rng = createRng(`deal:${seed}`);
  const r = rng.next();
  const players = r < 0.5 ? 1 : r < 0.7 ? 2 : r < 0.85 ? 3 : 4;
  const seats = seatsFor(players, seed, { planet: 'random', corporation: 'random' });
  const setupData: SetupData = { ...(seats ? { seats } : {}) };
  if (players > 1) {
    setupData.events = rng.next() < 0.6 ? 'standard' : null;
    setupData.privateObjectives = rng.next() < 0.5;
  }
  return { players, setupData };
}

/** A seat's weights for one deal: each tunable weight scaled by a factor around 1 (exploration). */
function jittered(seed: string, seat: number, spread: number): Weights {
  if (spread <= 0) return DEFAULT_WEIGHTS;
  const rng = createRng(`jitter:${seed}:${seat}`);
  const out = { ...DEFAULT_WEIGHTS } as Record<string, number>;
  for (const k of Object.keys(out)) {
    if (STEADY.has(k)) continue;
    out[k] = (out[k] ?? 0) * Math.exp(spread * (2 * rng.next() - 1));
  }
  return out as Weights;
}

interface GenerateTask {
  kind: 'generate';
  id: number;
  /** `final`: positions between turns labelled by the final medals; `search`: the search's values. */
  labels: 'final' | 'search';
  /** Worlds per candidate for `search` labels. */
  worlds: number;
  /** Rounds each of the search's playouts runs before its leaf is valued (past the end: real medals). */
  horizon: number;
  /** Every candidate plays every world (`--race all`), or trailing ones leave the race (`drop`). */
  keepAll: boolean;
  /** The share of round turns searched and labelled (`--turn-share`); the others the Pilot just plays. */
  turnShare: number;
  seeds: string[];
  /** Epoch ms after which no new deal starts (--minutes), or null. */
  deadline: number | null;
  model: ValueModel | null;
  spread: number;
  topK: number;
  /** A game longer than this many actions fails (`--max-actions`): a runaway is reported, not waited for. */
  maxActions: number;
}

interface DuelTask {
  kind: 'duel';
  id: number;
  seeds: string[];
  models: (ValueModel | null)[];
  topK: number;
  maxActions: number;
}

type Task = GenerateTask | DuelTask;

const SAVE_PART = 60_000;
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const round2 = (x: number) => Math.round(x * 100) / 100;
const minutesSince = (t: number) => round2((Date.now() - t) / 60000);
const roundAll = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? round2(v) : v])) as T;

/** One self-play deal: every seat's positions at the start of its round turns, labelled at the end. */
function generateDeal(
  seed: string,
  model: ValueModel | null,
  spread: number,
  topK: number,
  maxActions: number,
): ValueSample[] {
  clearPlans();
  const { players, setupData } = dealSetup(seed);
  const samples: { seat: number; x: number[] }[] = [];
  const lastRound = new Map<PlayerID, number>();
  const bots = Array.from({ length: players }, (_, seat) => {
    const weights = jittered(seed, seat, spread);
    return (state: GameState, player: PlayerID) => {
      const view = playerView(state, player);
      const turn = view.private[player]?.turn;
      if (turn?.kind === 'round' && turn.steps.length === 0 && lastRound.get(player) !== view.round) {
        lastRound.set(player, view.round);
        const board = view.boards[player];
        if (board) samples.push({ seat, x: Array.from(valueInputs(board, envFor(view, player)), round4) });
      }
      return pilotDecide(view, player, legalActions(view, player), {
        weights,
        model,
        topK,
        level: `train:${seat}`,
      }).action;
    };
  });
  const played = playGame({ numPlayers: players, seed, setupData, bots, maxActions });
  const scores = played.state.result?.scores ?? [];
  return samples.map((s) => ({ x: s.x, y: scores[s.seat]?.total ?? 0, deal: seed }));
}

/**
 * One deal labelled by the search (expert iteration): at each round turn of every seat the
 * Commander's race runs over the Pilot's best turns with a fixed number of worlds, and each
 * candidate's board is a position labelled by its search value; the seat then plays the Pilot's
 * choice. The search sees only the seat's own view; its leaf values use --policy's evaluator.
 */
function searchDeal(
  seed: string,
  { model, worlds, horizon, keepAll, maxActions, turnShare }: GenerateTask,
): ValueSample[] {
  clearPlans();
  const { players, setupData } = dealSetup(seed);
  const out: ValueSample[] = [];
  const rng = createRng(`search:${seed}`);
  // Which turns are searched: drawn apart from the search's own stream, and not at all at share 1,
  // so that a full share gives the same positions as before the option.
  const share = createRng(`share:${seed}`);
  const bots = Array.from({ length: players }, (_, seat) => (state: GameState, player: PlayerID) => {
    const view = playerView(state, player);
    const searched = turnShare >= 1 || share.next() < turnShare;
    const found = searched
      ? searchValues(view, player, rng, { samples: worlds, ms: Infinity }, { model, horizon, keepAll })
      : null;
    if (found) {
      const env = envFor(view, player);
      const group = `${seed}:${player}:${view.round}:${view.step}`;
      for (const f of found)
        out.push({ x: Array.from(valueInputs(f.board, env), round4), y: round4(f.value), deal: seed, group });
    }
    return pilotDecide(view, player, legalActions(view, player), { model, level: `train:${seat}` }).action;
  });
  playGame({ numPlayers: players, seed, setupData, bots, maxActions });
  return out;
}

/** One solo deal of the validation: seat 0's score with each model (the Pilot, full strength). */
function duelDeal(seed: string, models: (ValueModel | null)[], topK: number, maxActions: number): number[] {
  return models.map((model) => {
    clearPlans();
    const bot = (state: GameState, player: PlayerID) => {
      const view = playerView(state, player);
      return pilotDecide(view, player, legalActions(view, player), { model, topK, level: 'validate' }).action;
    };
    const played = playGame({ numPlayers: 1, seed, bots: [bot], maxActions });
    return played.state.result?.scores[0]?.total ?? 0;
  });
}

// ---------------------------------------------------------------- worker side

if (process.argv.includes('--worker')) {
  process.on('disconnect', () => process.exit(0));
  // Between deals the worker yields, so that each deal's message leaves at once (a long synchronous
  // loop would hold them all back until the end).
  const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));
  process.on('message', async (task: Task) => {
    for (const seed of task.seeds) {
      if (task.kind === 'generate' && task.deadline !== null && Date.now() > task.deadline) break;
      try {
        if (task.kind === 'generate') {
          const samples =
            task.labels === 'search'
              ? searchDeal(seed, task)
              : generateDeal(seed, task.model, task.spread, task.topK, task.maxActions);
          process.send?.({ id: task.id, seed, samples });
        } else
          process.send?.({
            id: task.id,
            seed,
            totals: duelDeal(seed, task.models, task.topK, task.maxActions),
          });
      } catch (e) {
        // A deal that fails (a game that never ends, say) is reported and skipped: the run goes on.
        process.send?.({ id: task.id, seed, failed: e instanceof Error ? e.message : String(e) });
      }
      await yieldNow();
    }
    process.send?.({ id: task.id, done: true });
  });
} else {
  await main();
}

// ---------------------------------------------------------------- coordinator

interface Reply {
  id: number;
  seed?: string;
  samples?: ValueSample[];
  totals?: number[];
  /** Why this deal, or the worker itself, failed. */
  failed?: string;
  done?: boolean;
}

function progressBar(label: string, done: number, total: number, started: number): void {
  if (!process.stderr.isTTY && done !== total && done % Math.max(1, Math.floor(total / 20)) !== 0) return;
  const width = 30;
  const filled = Math.round((width * done) / Math.max(1, total));
  const seconds = (Date.now() - started) / 1000;
  const eta = done > 0 ? (seconds * (total - done)) / done : 0;
  const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${seconds.toFixed(0)} s, ${eta.toFixed(0)} s left`;
  process.stderr.write(process.stderr.isTTY ? `\r${line}${done === total ? '\n' : ''}` : `${line}\n`);
}

/**
 * Runs tasks over the workers, one seed at a time per message, calling `each` per finished seed.
 * A worker that dies before it is done is reported once (`failed`, no seed): its other seeds are
 * lost, and the run goes on without it rather than waiting for it.
 */
async function spread(
  workers: ChildProcess[],
  seeds: string[],
  make: (id: number, seeds: string[]) => Task,
  each: (r: Reply) => void,
): Promise<void> {
  await Promise.all(
    workers.map(
      (w, k) =>
        new Promise<void>((resolve) => {
          const id = k;
          const mine = seeds.filter((_, i) => i % workers.length === k);
          const finish = () => {
            w.off('message', onMessage);
            w.off('exit', onExit);
            resolve();
          };
          const onMessage = (m: Reply) => {
            if (m.id !== id) return;
            if (m.done) finish();
            else each(m);
          };
          const onExit = (code: number | null, signal: string | null) => {
            each({
              id,
              failed: `a worker stopped (${signal ?? `exit code ${code}`}); its remaining deals are skipped`,
            });
            finish();
          };
          w.on('message', onMessage);
          w.on('exit', onExit);
          w.send(make(id, mine));
        }),
    ),
  );
}

async function main(): Promise<void> {
  const fail = (why: string): never => {
    process.stderr.write(`train: ${why}\n`);
    process.exit(2);
  };
  let options: TrainOptions;
  try {
    options = trainOptions(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return fail(err.message);
  }
  if (options.values.help) {
    process.stdout.write(TRAIN_USAGE);
    return;
  }
  const {
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
  } = options;
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const started = Date.now();

  const workers: ChildProcess[] = Array.from({ length: workerCount }, () =>
    fork(fileURLToPath(import.meta.url), ['--worker'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }),
  );
  const stop = () => {
    for (const w of workers) w.kill();
  };

  // 1. Positions: saved ones, then fresh self-play.
  const samples: ValueSample[] = [];
  const dataFiles = values.data ? values.data.split(',').filter(Boolean) : [];
  for (const file of dataFiles) {
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    for (const line of text.split('\n')) if (line) samples.push(JSON.parse(line) as ValueSample);
    say(`train: ${file}: ${samples.length} positions so far`);
  }
  const seeds = Array.from({ length: games }, (_, k) => `${values.seed}-${k}`);
  const fresh = new Map<string, ValueSample[]>();
  const deadline = minutes === null ? null : started + minutes * 60000;
  let interrupted = false;
  const failures: string[] = [];
  /** A deal that failed, or a worker that died (no seed), goes to stderr and to the record. */
  const noteFailure = (r: Reply, phase: string) => {
    if (!r.failed) return;
    failures.push(r.seed ? `${r.seed}: ${r.failed}` : r.failed);
    say(`train: ${r.seed ? `deal ${r.seed}` : phase} failed: ${r.failed}`);
  };
  if (games > 0) {
    // SIGTERM or SIGINT during self-play (a borrowed machine's time running out, Ctrl-C) keeps the
    // deals already played: they are saved, and the run stops there. Once caught, the handlers stay
    // until the end: `timeout` signals the command and then its whole process group, so a second
    // signal often follows the first. A self-play that ends by itself gives signals back their usual
    // effect for the fit and the validation.
    let onSignal = () => {};
    const interruption = new Promise<void>((resolve) => (onSignal = resolve));
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
    const t0 = Date.now();
    let done = 0;
    const played = spread(
      workers,
      seeds,
      (id, list) => ({
        kind: 'generate',
        id,
        seeds: list,
        deadline,
        labels,
        worlds,
        horizon,
        keepAll,
        turnShare,
        model: policyModel,
        spread: spreadJ,
        topK,
        maxActions,
      }),
      (r) => {
        noteFailure(r, 'self-play');
        if (r.seed && r.samples) fresh.set(r.seed, r.samples);
        if (r.seed) progressBar('self-play', ++done, games, t0);
      },
    );
    await Promise.race([played, interruption.then(() => (interrupted = true))]);
    if (interrupted) say(`train: interrupted: ${fresh.size} of ${games} deals played are kept`);
    else {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
    }
    // Deal order, whatever order the workers finished in: the same command gives the same file.
    for (const seed of seeds) samples.push(...(fresh.get(seed) ?? []));
    if (!interrupted && failures.length)
      say(`train: ${fresh.size} of ${games} deals played, ${failures.length} failed`);
    else if (!interrupted && fresh.size < games)
      say(`train: --minutes reached: ${fresh.size} of ${games} deals played`);
  }
  if (values.save) {
    // Parts of at most 60,000 positions (a few MB each): FILE, then FILE.1, FILE.2…
    for (let part = 0; part * SAVE_PART < samples.length; part++) {
      const file = part === 0 ? values.save : `${values.save}.${part}`;
      const chunk = samples.slice(part * SAVE_PART, (part + 1) * SAVE_PART);
      writeFileSync(file, gzipSync(chunk.map((s) => JSON.stringify(s)).join('\n') + '\n'));
      say(`train: saved ${chunk.length} positions to ${file}`);
    }
  }
  if (values['generate-only'] || interrupted) {
    stop();
    process.stdout.write(
      `${JSON.stringify({ games, played: fresh.size, positions: samples.length, ...(failures.length ? { failures } : {}), minutes: minutesSince(started) })}\n`,
    );
    return;
  }
  if (samples.length < 100) {
    stop();
    fail(`only ${samples.length} positions: play more games (--games) or add --data`);
  }

  // 2. Fit, holding whole deals out.
  const held = (deal: string) => createRng(`hold:${deal}`).next() < 0.1;
  const train = samples.filter((s) => !held(s.deal));
  const valid = samples.filter((s) => held(s.deal));
  const fitOptions = {
    ...fit,
    batch: FIT_DEFAULTS.batch,
  };
  const t1 = Date.now();
  const { model: raw, report } = fitValueModel(train, valid, fitOptions, (epoch, rmse) => {
    progressBar(`fit (rmse ${rmse.toFixed(2)})`, epoch, fitOptions.epochs, t1);
  });
  const model = roundedModel(raw);
  say(
    `train: ${train.length} positions to learn from, ${valid.length} held out; error ${report.validRmse.toFixed(2)} medals (their mean alone: ${report.validBaselineRmse.toFixed(2)})`,
  );

  // 3. Paired validation on fresh solo deals.
  const checkSeeds = Array.from({ length: validateGames }, (_, k) => `${values.seed}-check-${k}`);
  const pairs: number[][] = [];
  if (validateGames > 0) {
    const t2 = Date.now();
    const byDeal = new Map<string, number[]>();
    let checked = 0;
    await spread(
      workers,
      checkSeeds,
      (id, list) => ({ kind: 'duel', id, seeds: list, models: [LEARNED_VALUE, model], topK: 6, maxActions }),
      (r) => {
        noteFailure(r, 'validation');
        if (r.seed && r.totals) byDeal.set(r.seed, r.totals);
        if (r.seed) progressBar('validation', ++checked, validateGames, t2);
      },
    );
    // A deal that failed is left out of the pairs, not counted as a tie.
    for (const seed of checkSeeds) {
      const pair = byDeal.get(seed);
      if (pair) pairs.push(pair);
    }
  }
  stop();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  // One deal bounds nothing: its interval is unbounded (null in the record), so nothing is written.
  const { mean: gain, half } = pairedInterval(pairs.map(([a, b]) => (b ?? 0) - (a ?? 0)));
  const record = {
    date: new Date().toISOString().slice(0, 10),
    command: `npm run train -- ${process.argv.slice(2).join(' ')}`.trim(),
    seed: values.seed,
    selfPlay: {
      games,
      dataFiles,
      positions: samples.length,
      policy: values.policy,
      labels,
      // How the new positions were labelled (those loaded with --data have their own record).
      ...(labels === 'search' && games > 0
        ? { worlds, horizon, race: values.race, ...(turnShare < 1 ? { turnShare } : {}) }
        : {}),
      spread: spreadJ,
      pilotTopK: topK,
      tables:
        'solo half the deals, else 2–4 players; random planets and corporations; events and private objectives drawn per deal',
    },
    // The start model by name (committed, or its file), not its numbers.
    fit: {
      ...fitOptions,
      start: values.from ?? null,
      trainPositions: train.length,
      heldOutPositions: valid.length,
      ...roundAll(report),
    },
    ...(failures.length ? { failures } : {}),
    validation: {
      deals: pairs.length,
      against: LEARNED_VALUE ? 'the committed value function' : 'the hand-set evaluator',
      before: round2(mean(pairs.map((p) => p[0] ?? 0))),
      after: round2(mean(pairs.map((p) => p[1] ?? 0))),
      gain: round2(gain),
      interval95: Number.isFinite(half) ? [round2(gain - half), round2(gain + half)] : null,
    },
    minutes: minutesSince(started),
  };
  process.stdout.write(`${JSON.stringify(record)}\n`);
  if (values.write) {
    if (!(gain - half > 0)) {
      say('train: not written: the paired gain’s 95% interval does not lie above zero');
      return;
    }
    const error = valueModelError(model);
    if (error) fail(`the trained model is not valid (${error})`);
    // Written as the project's formatter would, so that a retrained file diffs cleanly.
    const style = { ...(await resolveConfig(MODEL_FILE)), parser: 'json' };
    writeFileSync(MODEL_FILE, await format(JSON.stringify(model), style));
    writeFileSync(RECORD_FILE, await format(JSON.stringify(record), style));
    say(`train: wrote ${MODEL_FILE} and ${RECORD_FILE}`);
  }
}
