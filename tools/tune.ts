/**
 * Tunes the bots' evaluator weights (game/bots/weights.json) by self-play of the Pilot, solo games
 * with the engine's solo setup (events, private objectives), seeded:
 *
 *   npm run tune -- --method search --games 40 --passes 1 --seed tune --workers 2 [--write]
 *
 * --method search (the committed weights): coordinate search. Each weight in turn is scaled up
 *   and down (by 1.6, then 1.3, 1.15 in later passes; weights at 0 step by ±0.2), and a change is
 *   kept when the average score over the same seeded games (common random numbers) rises by at
 *   least --min-gain. The weights that anchor the scale (real medals: lineDone, trackMedal,
 *   lifepod) stay at 1; neighbor-objective weights are left out of solo tuning.
 * --method fit: fitted value iteration. Positions reached in self-play are regressed (ridge) on
 *   the evaluator's per-weight features against the game's final score; the fitted weights are
 *   blended in and kept when the average score rises. The real-medal weights stay at 1.
 * --objectives: how often the Pilot meets each private objective it keeps, in its own solo games
 *   (--games deals, three objectives kept of four as the rules deal them), written with --write to
 *   game/bots/objective-odds.json (the odds by which it keeps objectives). A card's rate is
 *   smoothed toward the rate of all kept cards by ODDS_PRIOR games, so a card seldom kept keeps
 *   odds near the mean.
 * --compare name=value[,name=value…]: the Pilot with the committed weights against the same with
 *   these changed, on the same --games deals (paired); the mean difference and its 95% interval.
 *   Several variants separated by ";" are each compared with one play of the committed weights
 *   (one JSON line each). Nothing is written. With --level commander the Commander plays instead,
 *   with --samples worlds per decision (12; no clock, so a run repeats exactly), and the names may
 *   also be its search settings: commander.candidates, commander.plans, commander.horizon,
 *   commander.prefilter, commander.switchMargin, commander.rivalPilot, commander.contest,
 *   commander.samples.
 *   --budget MS gives it MS of wall-clock time per decision instead, as in play (worlds uncapped,
 *   both arms under the same load: the run does not repeat exactly), and commander.ms may change.
 *   --rival pilot --players N: seat 0 plays as above and the other seats are the committed Pilot;
 *   a game counts seat 0's lead over the best of them, and the wins of each arm are reported.
 *
 * --topk K: the placements the Pilot plans in full; 0 (the default): its own count, the weight
 *   `plans` (the default was 3 before 2026-11-30; the commands in docs/bots.md before then give 6,
 *   the Pilot's count then).
 *
 * At the end the tuned weights are compared with the starting ones on --validate fresh seeds.
 * Progress goes to stderr; the figures (one JSON line) to stdout. With --write the weights and a
 * log of the run (weights.tuning.json) are saved. Games run in --workers child processes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import type { GameState, PlayerID } from '../game/core/types';
import type { Rng } from '../game/core/prng';
import { legalActions } from '../game/engine';
import { playGame } from '../game/sim';
import { corporationById, objectiveById, OBJECTIVES, planetById } from '../game/data';
import { objectiveContext, privateObjectiveMedals } from '../game/rules/objectives';
import { playerView } from '../game/view';
import { clearPlans } from '../game/bots/common';
import { DEFAULT_WEIGHTS, evalEnv, evaluate, type Weights } from '../game/bots/features';
import { pilotLevelDecide } from '../game/bots/pilot-level';
import { commanderDecide } from '../game/bots/commander';
import { pairedInterval } from './paired';
import { compareRun, type CommanderSettings, type CompareRun } from './tune-compare';
import { UsageError } from './usage-error';

const WEIGHTS_FILE = fileURLToPath(new URL('../game/bots/weights.json', import.meta.url));
const LOG_FILE = fileURLToPath(new URL('../game/bots/weights.tuning.json', import.meta.url));
const ODDS_FILE = fileURLToPath(new URL('../game/bots/objective-odds.json', import.meta.url));

/** Real medals: they set the scale and are not tuned. Neighbor objectives only matter with others. */
const FIXED = new Set(['lineDone', 'trackMedal', 'lifepod']);
/**
 * The Pilot's search, not the evaluator's judgement: its time (a search would take more whatever it
 * costs) and when its last rounds' race overrules its own turn. `--compare` sets them.
 */
const BUDGETS = new Set([
  'plans',
  'lookPrefilter',
  'lookDeep',
  'endgameRounds',
  'endgameWorlds',
  'endgameCandidates',
  'endgameEffort',
  'endgameMargin',
]);
const MULTIPLAYER_ONLY = new Set(['objective', 'objectiveSharp']);
/** Games' worth of the mean rate a card's measured odds are smoothed with (`--objectives`). */
const ODDS_PRIOR = 4;

/**
 * The evaluator's linear weights fitted by `--method fit` (the others stay as they are). The
 * real-medal weights (FIXED) are left out: they stay at 1 and their terms count in the base the
 * fit starts from, so a final position keeps its real score.
 */
const FIT = [
  'lineCancelled',
  'miss1',
  'miss2',
  'miss3',
  'miss4',
  'missFar',
  'lineOpen',
  'lineBlocked',
  'deadCell',
  'pinched',
  'covered',
  'border',
  'nextMedal',
  'stepCiv',
  'stepWater',
  'stepBiomass',
  'stepRover',
  'stepTech',
  'tech1',
  'tech2',
  'tech3',
  'tech4',
  'tech5',
  'podOnPlanet',
  'roverActive',
  'roverBay',
  'roverNear',
  'meteoriteCollected',
  'endGameCard',
];

/** Ridge regression of (final − base) on φ with an intercept; columns scaled to unit variance. */
function ridgeFit(samples: Sample[], lambda: number): number[] {
  const m = FIT.length;
  const n = samples.length;
  if (n === 0) return [];
  const mean = new Array<number>(m).fill(0);
  for (const s of samples) s.phi.forEach((v, k) => (mean[k] = (mean[k] ?? 0) + v / n));
  const sd = new Array<number>(m).fill(0);
  for (const s of samples) s.phi.forEach((v, k) => (sd[k] = (sd[k] ?? 0) + (v - (mean[k] ?? 0)) ** 2 / n));
  const scale = sd.map((v) => (v > 1e-9 ? Math.sqrt(v) : 0));
  const ys = samples.map((s) => s.final - s.base);
  const yMean = ys.reduce((a, b) => a + b, 0) / n;
  // Normal equations on centred, scaled columns: (XᵀX + λn I) b = Xᵀy.
  const a: number[][] = Array.from({ length: m }, () => new Array<number>(m + 1).fill(0));
  samples.forEach((s, i) => {
    const x = s.phi.map((v, k) => ((scale[k] ?? 0) > 0 ? (v - (mean[k] ?? 0)) / (scale[k] as number) : 0));
    for (let r = 0; r < m; r++) {
      const row = a[r] as number[];
      for (let c = 0; c < m; c++) row[c] = (row[c] ?? 0) + (x[r] ?? 0) * (x[c] ?? 0);
      row[m] = (row[m] ?? 0) + (x[r] ?? 0) * ((ys[i] ?? 0) - yMean);
    }
  });
  for (let r = 0; r < m; r++) (a[r] as number[])[r] = ((a[r] as number[])[r] ?? 0) + lambda * n;
  // Gauss–Jordan elimination with partial pivoting.
  for (let c = 0; c < m; c++) {
    let pivot = c;
    for (let r = c + 1; r < m; r++) if (Math.abs(a[r]?.[c] ?? 0) > Math.abs(a[pivot]?.[c] ?? 0)) pivot = r;
    [a[c], a[pivot]] = [a[pivot] as number[], a[c] as number[]];
    const p = a[c]?.[c] ?? 0;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = 0; r < m; r++) {
      if (r === c) continue;
      const f = (a[r]?.[c] ?? 0) / p;
      if (f === 0) continue;
      for (let k = c; k <= m; k++) (a[r] as number[])[k] = (a[r]?.[k] ?? 0) - f * (a[c]?.[k] ?? 0);
    }
  }
  return FIT.map((_, k) => {
    const p = a[k]?.[k] ?? 0;
    const b = Math.abs(p) > 1e-12 ? (a[k]?.[m] ?? 0) / p : 0;
    return (scale[k] ?? 0) > 0 ? b / (scale[k] as number) : NaN;
  });
}

interface Task {
  id: number;
  weights: Weights;
  seeds: string[];
  players: number;
  topK: number;
  /** Report which private objectives each final board meets instead of the score. */
  objectives?: boolean;
  /** Record the features of seat 0's position at the start of each of its round turns. */
  features?: string[];
  /** Every seat is the Commander with these search settings and worlds per decision. */
  commander?: CommanderSettings;
  /** Seats other than 0 are the committed Pilot, and a game counts seat 0's lead over the best of them. */
  rival?: boolean;
}

const COMMANDER_SAMPLES = 12;

/** A position's features (the evaluator with one linear weight at 1) and the game's final score. */
interface Sample {
  phi: number[];
  base: number;
  final: number;
}

/**
 * One game's figure for the tuned player, seat 0: its score when every seat plays the same
 * weights, its lead over the best other seat when those are the committed Pilot (`rival`).
 */
function playOne(
  weights: Weights,
  seed: string,
  players: number,
  topK: number,
  commander?: CommanderSettings,
  rival = false,
): number {
  const { total, others } = playBoard(weights, seed, players, topK, { commander, rival });
  return rival ? total - Math.max(...others) : total;
}

/** One game: seat 0's score, the private objectives it kept and those it met (card ids). */
function playBoard(
  weights: Weights,
  seed: string,
  players: number,
  topK: number,
  { features, commander, rival }: Pick<Task, 'features' | 'commander' | 'rival'> = {},
): { total: number; others: number[]; kept: number[]; met: number[]; samples: Sample[] } {
  clearPlans(); // plans are cached by state: never replay another weight set's plan
  const samples: Sample[] = [];
  let lastRound = -1;
  const bot = (state: GameState, player: PlayerID, rng: Rng) => {
    const view = playerView(state, player);
    if (rival && player !== '0')
      return pilotLevelDecide(view, player, legalActions(view, player), rng, { level: 'rival' }).action;
    if (commander) {
      const { samples: worlds, ms = Infinity, ...search } = commander;
      const budget = { samples: worlds, ms };
      return commanderDecide(view, player, legalActions(view, player), rng, budget, { weights, ...search })
        .action;
    }
    const turn = view.private[player]?.turn;
    if (
      features &&
      player === '0' &&
      turn?.kind === 'round' &&
      turn.steps.length === 0 &&
      view.round !== lastRound
    ) {
      lastRound = view.round;
      samples.push({ ...featuresOf(view, player, weights, features), final: 0 });
    }
    return pilotLevelDecide(view, player, legalActions(view, player), rng, {
      weights,
      ...(topK > 0 ? { topK } : {}),
      level: 'tune',
    }).action;
  };
  const played = playGame({ numPlayers: players, seed, bots: Array(players).fill(bot) });
  const board = played.state.boards['0'];
  const kept = played.state.private['0']?.objectives ?? [];
  const met: number[] = [];
  if (board) {
    const ctx = objectiveContext(planetById(board.planet), corporationById(board.corporation));
    for (const id of kept) if (privateObjectiveMedals(objectiveById(id), board, ctx) > 0) met.push(id);
  }
  const scores = played.state.result?.scores ?? [];
  const total = scores.find((s) => s.player === '0')?.total ?? 0;
  const others = scores.filter((s) => s.player !== '0').map((s) => s.total);
  for (const sample of samples) sample.final = total;
  return { total, others, kept, met, samples };
}

/**
 * The evaluator split along its linear weights: φ_i is the value with weight i at 1 and the
 * other fitted weights at 0, minus `base`, the value with all of them at 0 (real medals that carry
 * no weight, and the terms of the weights kept fixed).
 */
function featuresOf(
  view: GameState,
  player: PlayerID,
  weights: Weights,
  names: string[],
): { phi: number[]; base: number } {
  const board = view.boards[player];
  if (!board) return { phi: names.map(() => 0), base: 0 };
  const zero = { ...weights } as Record<string, number>;
  for (const n of names) zero[n] = 0;
  const base = evaluate(board, evalEnv(view, player, zero as Weights));
  const phi = names.map((n) => evaluate(board, evalEnv(view, player, { ...zero, [n]: 1 } as Weights)) - base);
  return { phi, base };
}

// ---------------------------------------------------------------- worker side

if (process.argv.includes('--worker')) {
  process.on('disconnect', () => process.exit(0));
  process.on('message', (task: Task) => {
    if (task.objectives) {
      const boards = task.seeds.map((seed) => playBoard(task.weights, seed, task.players, task.topK));
      process.send?.({
        id: task.id,
        totals: boards.map((b) => b.total),
        kept: boards.map((b) => b.kept),
        met: boards.map((b) => b.met),
      });
      return;
    }
    if (task.features) {
      const games = task.seeds.map((seed) =>
        playBoard(task.weights, seed, task.players, task.topK, { features: task.features }),
      );
      process.send?.({
        id: task.id,
        totals: games.map((g) => g.total),
        samples: games.flatMap((g) => g.samples),
      });
      return;
    }
    const totals = task.seeds.map((seed) =>
      playOne(task.weights, seed, task.players, task.topK, task.commander, task.rival),
    );
    process.send?.({ id: task.id, totals });
  });
} else {
  await main();
}

// ---------------------------------------------------------------- coordinator

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      games: { type: 'string', default: '24' },
      seed: { type: 'string', default: 'tune' },
      passes: { type: 'string', default: '2' },
      workers: { type: 'string', default: '2' },
      players: { type: 'string', default: '1' },
      topk: { type: 'string', default: '0' },
      'min-gain': { type: 'string', default: '0.25' },
      validate: { type: 'string', default: '40' },
      objectives: { type: 'boolean', default: false },
      only: { type: 'string' },
      compare: { type: 'string' },
      level: { type: 'string', default: 'pilot' },
      samples: { type: 'string', default: String(COMMANDER_SAMPLES) },
      budget: { type: 'string' },
      rival: { type: 'string' },
      method: { type: 'string', default: 'fit' },
      iterations: { type: 'string', default: '4' },
      blend: { type: 'string', default: '0.5' },
      ridge: { type: 'string', default: '0.05' },
      write: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const games = Number(values.games);
  const passes = Number(values.passes);
  const players = Number(values.players);
  const topK = Number(values.topk);
  const minGain = Number(values['min-gain']);
  const validateGames = Number(values.validate);
  const workerCount = Math.max(1, Number(values.workers));
  const seeds = Array.from({ length: games }, (_, k) => `${values.seed}-${k}`);
  const validationSeeds = Array.from({ length: validateGames }, (_, k) => `${values.seed}-check-${k}`);

  // A comparison's command line is checked before any worker starts.
  let comparison: CompareRun | null = null;
  if (values.compare !== undefined || values.rival !== undefined) {
    try {
      comparison = compareRun({
        compare: values.compare,
        level: values.level,
        samples: values.samples,
        budget: values.budget,
        rival: values.rival,
        players: values.players,
      });
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      process.stderr.write(`tune: ${err.message}\n`);
      process.exitCode = 2;
      return;
    }
  }

  const workers: ChildProcess[] = Array.from({ length: workerCount }, () =>
    fork(fileURLToPath(import.meta.url), ['--worker'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }),
  );
  let nextId = 0;
  const runOn = (worker: ChildProcess, task: Omit<Task, 'id'>): Promise<number[]> =>
    new Promise((resolve) => {
      const id = nextId++;
      const onMessage = (m: { id: number; totals: number[] }) => {
        if (m.id !== id) return;
        worker.off('message', onMessage);
        resolve(m.totals);
      };
      worker.on('message', onMessage);
      worker.send({ ...task, id });
    });
  const rival = comparison?.rival ?? false;
  const average = async (
    weights: Weights,
    list: string[],
    commander?: CommanderSettings,
  ): Promise<{ mean: number; totals: number[] }> => {
    const parts = workers.map((w, k) =>
      runOn(w, {
        weights,
        seeds: list.filter((_, i) => i % workerCount === k),
        players,
        topK,
        commander,
        rival,
      }),
    );
    const chunks = await Promise.all(parts);
    const totals: number[] = [];
    list.forEach((_, i) => totals.push(chunks[i % workerCount]?.[Math.floor(i / workerCount)] ?? 0));
    return { mean: totals.reduce((a, b) => a + b, 0) / Math.max(1, totals.length), totals };
  };
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const collect = async (weights: Weights, list: string[]): Promise<Sample[]> => {
    const parts = workers.map(
      (w, k) =>
        new Promise<Sample[]>((resolve) => {
          const id = nextId++;
          const onMessage = (m: { id: number; samples: Sample[] }) => {
            if (m.id !== id) return;
            w.off('message', onMessage);
            resolve(m.samples);
          };
          w.on('message', onMessage);
          w.send({
            id,
            weights,
            seeds: list.filter((_, i) => i % workerCount === k),
            players,
            topK,
            features: FIT,
          });
        }),
    );
    return (await Promise.all(parts)).flat();
  };

  if (comparison) {
    // The committed weights (and search settings) against the same with some changed, on the same
    // deals (paired).
    const { level, samples, ms, baseSearch, variants } = comparison;
    // The committed arm is played once, and each variant against it on the same deals.
    const committed = await average(DEFAULT_WEIGHTS, seeds, baseSearch);
    for (const variant of variants) {
      const trial = await average(variant.weights, seeds, variant.search);
      const diffs = trial.totals.map((t, k) => t - (committed.totals[k] ?? 0));
      const { mean, half } = pairedInterval(diffs);
      say(
        `tune --compare ${variant.text}` +
          `${baseSearch ? ` (Commander, ${ms === undefined ? `${samples} worlds` : `${ms} ms`})` : ''}` +
          `${rival ? `, its lead over the Pilot in ${players}-player games` : ''}: ` +
          `${round(committed.mean)} → ${round(trial.mean)}, ` +
          `${round(mean)} (95% interval ${round(mean - half)} to ${round(mean + half)}) over ${games} deals`,
      );
      process.stdout.write(
        `${JSON.stringify({
          compare: variant.text,
          level,
          ...(baseSearch ? (ms === undefined ? { samples } : { budgetMs: ms }) : {}),
          games,
          seed: values.seed,
          topK,
          ...(rival ? { players, rival: 'pilot', wins: [wins(committed.totals), wins(trial.totals)] } : {}),
          committed: round(committed.mean),
          changed: round(trial.mean),
          meanDiff: round(mean),
          ci95: [round(mean - half), round(mean + half)],
        })}\n`,
      );
    }
    for (const w of workers) w.kill();
    return;
  }

  if (values.objectives) {
    // How often the Pilot meets each private objective it keeps in its own solo games: the odds
    // it keeps by. Until 2026-11-30 each card was pursued as a fourth objective on games of its
    // own; those odds had drifted far from what the Pilot meets (docs/bots.md, "The odds an
    // objective is kept by").
    const parts = workers.map(
      (w, k) =>
        new Promise<{ kept: number[][]; met: number[][] }>((resolve) => {
          const id = nextId++;
          const onMessage = (m: { id: number; kept: number[][]; met: number[][] }) => {
            if (m.id !== id) return;
            w.off('message', onMessage);
            resolve(m);
          };
          w.on('message', onMessage);
          w.send({
            id,
            weights: DEFAULT_WEIGHTS,
            seeds: seeds.filter((_, i) => i % workerCount === k),
            players,
            topK,
            objectives: true,
          });
        }),
    );
    const results = await Promise.all(parts);
    const kept = new Map<number, number>();
    const met = new Map<number, number>();
    for (const part of results) {
      for (const ids of part.kept) for (const id of ids) kept.set(id, (kept.get(id) ?? 0) + 1);
      for (const ids of part.met) for (const id of ids) met.set(id, (met.get(id) ?? 0) + 1);
    }
    const allKept = [...kept.values()].reduce((a, b) => a + b, 0);
    const allMet = [...met.values()].reduce((a, b) => a + b, 0);
    const mean = allKept ? allMet / allKept : 0;
    const odds: Record<string, number> = {};
    for (const card of OBJECTIVES) {
      const n = kept.get(card.id) ?? 0;
      const m = met.get(card.id) ?? 0;
      odds[String(card.id)] = round((m + ODDS_PRIOR * mean) / (n + ODDS_PRIOR));
      say(`objective ${card.id} ${card.private.name}: met ${m} of ${n} kept`);
    }
    for (const w of workers) w.kill();
    const style = { ...(await resolveConfig(ODDS_FILE)), parser: 'json' };
    process.stdout.write(
      `${JSON.stringify({ games, seed: values.seed, kept: allKept, met: allMet, odds })}\n`,
    );
    if (values.write) writeFileSync(ODDS_FILE, await format(JSON.stringify(odds), style));
    return;
  }

  const start: Weights = { ...DEFAULT_WEIGHTS };
  let best: Weights = { ...start };
  const started = Date.now();
  let bestScore = (await average(best, seeds)).mean;
  const baseline = bestScore;
  say(
    `tune: ${games} solo games per trial, seed "${values.seed}", pilot top-${topK || DEFAULT_WEIGHTS.plans}; start ${baseline.toFixed(2)}`,
  );
  const names = (Object.keys(best) as (keyof Weights)[]).filter(
    (n) =>
      !FIXED.has(n) &&
      !BUDGETS.has(n) &&
      !(players === 1 && MULTIPLAYER_ONLY.has(n)) &&
      (!values.only || values.only.split(',').includes(n)),
  );
  const accepted: { pass: number; weight: string; from: number; to: number; score: number }[] = [];
  if (values.method === 'fit') {
    // Fitted value iteration: regress the final score on the evaluator's features of the positions
    // reached, blend the fitted weights in, keep them if the Pilot then scores better.
    const iterations = Number(values.iterations);
    const blend = Number(values.blend);
    for (let it = 1; it <= iterations; it++) {
      const fitSeeds = seeds.map((sd) => `${sd}-fit-${it}`);
      const samples = await collect(best, fitSeeds);
      const fitted = ridgeFit(samples, Number(values.ridge));
      const proposal = { ...best } as Record<string, number>;
      FIT.forEach((n, k) => {
        const old = proposal[n] ?? 0;
        const raw = Number.isFinite(fitted[k]) ? (fitted[k] as number) : old;
        const clipped = Math.max(0, Math.min(raw, 3 * Math.max(1, Math.abs(old))));
        proposal[n] = round((1 - blend) * old + blend * clipped);
      });
      const score = (await average(proposal as Weights, seeds)).mean;
      const kept = score >= bestScore + minGain;
      say(
        `fit ${it}: ${samples.length} positions; ${FIT.map((n, k) => `${n} ${round(fitted[k] ?? 0)}`).join(', ')}`,
      );
      say(
        `fit ${it}: blended weights score ${score.toFixed(2)} against ${bestScore.toFixed(2)} ${kept ? 'kept' : ''}`,
      );
      if (kept) {
        for (const n of FIT)
          if (proposal[n] !== (best as Record<string, number>)[n])
            accepted.push({
              pass: it,
              weight: n,
              from: (best as Record<string, number>)[n] ?? 0,
              to: proposal[n] ?? 0,
              score,
            });
        best = proposal as Weights;
        bestScore = score;
      }
    }
  } else {
    const factors = [1.6, 1.3, 1.15, 1.07];
    for (let pass = 0; pass < passes; pass++) {
      const factor = factors[pass] ?? 1.05;
      for (const name of names) {
        const current = best[name];
        const tries =
          current === 0
            ? [0.2, -0.2]
            : [round(current * factor), round(current / factor)].filter((v) => v !== current);
        for (const value of tries) {
          const trial = { ...best, [name]: value };
          const score = (await average(trial, seeds)).mean;
          const kept = score >= bestScore + minGain;
          say(
            `pass ${pass + 1} ${String(name).padEnd(18)} ${String(current).padStart(6)} → ${String(value).padStart(6)}: ${score.toFixed(2)} ${kept ? 'kept' : ''}`,
          );
          if (kept) {
            accepted.push({ pass: pass + 1, weight: String(name), from: current, to: value, score });
            best = trial;
            bestScore = score;
            break;
          }
        }
      }
    }
  }
  const before = await average(start, validationSeeds);
  const after = await average(best, validationSeeds);
  for (const w of workers) w.kill();
  const minutes = (Date.now() - started) / 60000;
  const summary = {
    date: new Date().toISOString().slice(0, 10),
    method:
      values.method === 'fit'
        ? 'fitted value iteration: ridge regression of the final score on the evaluator features of self-play positions, blended, kept when the average solo score rises (common random numbers)'
        : 'coordinate search, multiplicative steps, common random numbers',
    games,
    seed: values.seed,
    passes,
    players,
    pilotTopK: topK,
    minGain,
    training: { start: round(baseline), tuned: round(bestScore) },
    validation: { games: validateGames, start: round(before.mean), tuned: round(after.mean) },
    accepted,
    minutes: round(minutes),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  if (values.write) {
    const style = { ...(await resolveConfig(WEIGHTS_FILE)), parser: 'json' };
    writeFileSync(WEIGHTS_FILE, await format(JSON.stringify(best), style));
    writeFileSync(LOG_FILE, await format(JSON.stringify(summary), style));
    say(`tune: wrote ${WEIGHTS_FILE} and ${LOG_FILE}`);
  }
}

/** Games led outright (a lead above zero). */
function wins(leads: number[]): number {
  return leads.filter((lead) => lead > 0).length;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
