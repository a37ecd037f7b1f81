/**
 * The bot ladder's strength, measured by seeded self-play:
 *   npm run -s strength -- --games 10 --seed 1 --json [--budget 1000] [--workers 1] [--levels …]
 *
 * 1. Solo: each level plays --games solo games (the engine's solo setup: the Standard event deck
 *    and private objectives); average, standard deviation and the solo target. With
 *    --corporation ID the solo games play that corporation, with --corporation each every playable
 *    one in turn (--games each), and the report gives each level's figures per corporation;
 *    --planet ID puts the solo games on that planet, --planet each on every playable planet in
 *    turn (the same seeds on each), with each level's figures per planet. Both "each" together
 *    play every corporation on every planet.
 * 2. Head to head, two players: commander vs pilot and pilot vs cadet, --games games each with the
 *    seats swapped every other game; the first level's win rate (a shared victory counts half)
 *    with a 95% Wilson interval.
 * 3. Time per decision of every level (p50, p95), over every decision of every game.
 *
 * Progress goes to stderr. The last line on stdout is one JSON object:
 *   {"solo": {LEVEL: {games, avg, sd, target}}, "soloParts": {LEVEL: {planet, tracks, lifepods,
 *    meteorites, civ, objectives, uncovered, privateMet, privateByKind, linesDone, linesCancelled,
 *    meteoritesLeft}} (privateMet "met/kept"; privateByKind the same by the objective's check),
 *    "headToHead": [{a, b, games, aWinRate, ci95}],
 *    "decisionMs": {LEVEL: {p50, p95}}, "soloGain": [{a, b, games, meanDiff, ci95}], …}: soloGain
 *    compares each level with the one before it in --levels on the same deals; with --corporation, also
 *    "soloByCorporation": {CORPORATION: {LEVEL: {games, avg, sd, target}}}, with --planet, also
 *    "soloByPlanet": {PLANET: {LEVEL: {games, avg, sd, target}}}; "soloDeals": {LEVEL: {DEAL: total}}
 *    (DEAL: "seed|planet|corporation"). With --against FILE (an earlier run's --json output), also
 *    "againstEarlier": [{level, board, games, meanDiff, ci95}]: each level now against then on the
 *    deals both played, over all of them (board "all") and per planet or corporation run.
 * Without --json a readable table comes first. Games can be spread over --workers processes (the
 * Commander's budget is wall-clock time, so busy cores mean fewer samples).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Action, GameState, PlayerID, ScoreBreakdown, SeatSetup } from '../game/core/types';
import type { Rng } from '../game/core/prng';
import { BOT_LEVELS, botFunction, botStats, isBotLevel, type BotLevel } from '../game/bots';
import { playGame, seatBoardError } from '../game/sim';
import { PLAYABLE_CORPORATIONS } from '../game/content/corporations';
import { PLAYABLE_PLANETS } from '../game/content/planets';
import { objectiveById, planetById, SYMMETRIC_CORPORATION } from '../game/data';
import { planetLines, type LineStatus } from '../game/rules/scoring';
import { pairedInterval } from './paired';

interface Job {
  id: number;
  kind: 'solo' | 'duel';
  seed: string;
  /** Level per seat. */
  seats: BotLevel[];
  budget: number;
  /** The planet and corporation of a solo game's seat, when the run names them. */
  board?: Partial<SeatSetup>;
}

interface JobResult {
  id: number;
  totals: number[];
  ranks: number[];
  target: number | null;
  events: string | null;
  rounds: number;
  /** Decision times by level, in ms. */
  times: Record<string, number[]>;
  fallbacks: number;
  /** Per seat: where its medals came from (§6.3), its private objectives met and kept, bare squares left. */
  parts: SeatParts[];
}

interface SeatParts {
  breakdown: ScoreBreakdown;
  privateMet: number;
  privateKept: number;
  /** Each kept private objective's kind (its check: a rectangle, a track's top…) and whether it was met. */
  privateKinds: { kind: string; met: boolean }[];
  uncovered: number;
  /** Rows and columns complete, and complete but cancelled by a meteorite (§6.3 A). */
  linesDone: number;
  linesCancelled: number;
  meteoritesLeft: number;
}

function runJob(job: Job): JobResult {
  const times: Record<string, number[]> = {};
  const bots = job.seats.map((level) => {
    const f = botFunction(level, job.budget);
    return (state: GameState, player: PlayerID, rng: Rng): Action => {
      const t = performance.now();
      const a = f(state, player, rng);
      (times[level] ??= []).push(performance.now() - t);
      return a;
    };
  });
  const before = botStats.fallbacks;
  const setupData = job.board ? { seats: [job.board] } : undefined;
  const played = playGame({ numPlayers: job.seats.length, seed: job.seed, bots, setupData });
  const result = played.state.result;
  const preset = played.state.options.events;
  return {
    id: job.id,
    totals: result?.scores.map((s) => s.total) ?? [],
    ranks: result?.scores.map((s) => s.rank) ?? [],
    target: result?.solo?.target ?? null,
    events: preset ? (preset.preset ?? `${preset.green}/${preset.orange}/${preset.red}`) : null,
    rounds: played.state.round,
    times,
    fallbacks: botStats.fallbacks - before,
    parts:
      result?.scores.map((score) => {
        const kept = score.detail.objectives.filter((o) => !o.shared);
        const board = played.state.boards[score.player];
        const lines = board ? planetLines(board, planetById(board.planet)) : { rows: [], columns: [] };
        const count = (status: LineStatus) =>
          [...lines.rows, ...lines.columns].filter((l) => l === status).length;
        return {
          breakdown: score.breakdown,
          privateMet: kept.filter((o) => o.medals > 0).length,
          privateKept: kept.length,
          privateKinds: kept.map((o) => ({
            kind: objectiveById(o.cards[0] as number).private.check.type,
            met: o.medals > 0,
          })),
          uncovered: score.uncovered,
          linesDone: count('complete'),
          linesCancelled: count('cancelled'),
          meteoritesLeft: score.meteoritesOnPlanet,
        };
      }) ?? [],
  };
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

interface SoloFigures {
  games: number;
  avg: number;
  sd: number;
  target: number;
}

/** The readable rows of figures per board: the board, the level, games, average, sd and target. */
function tableBy(title: string, by: Record<string, Record<string, SoloFigures>>): string[] {
  return [
    `${title} level          games   avg    sd  target`,
    ...Object.entries(by).flatMap(([board, byLevel]) =>
      Object.entries(byLevel).map(
        ([l, s]) =>
          `${board.padEnd(20)} ${l.padEnd(14)} ${String(s.games).padStart(5)} ${s.avg.toFixed(1).padStart(5)} ${s.sd.toFixed(1).padStart(5)} ${String(s.target).padStart(7)}`,
      ),
    ),
  ];
}

/** Wilson score interval for a proportion. */
function wilson(p: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [round3(Math.max(0, centre - half)), round3(Math.min(1, centre + half))];
}

/** The columns of the readable table of score parts. */
const PART_HEADS = [
  'planet',
  'tracks',
  'lifepods',
  'meteorites',
  'civ',
  'objectives',
  'met/kept',
  'bare squares',
  'lines',
  'cancelled',
  'meteorites left',
];

type PartsFigures = Record<
  keyof ScoreBreakdown | 'uncovered' | 'linesDone' | 'linesCancelled' | 'meteoritesLeft',
  number
> & { privateMet: string; privateByKind: Record<string, string> };

/** The average of each score part over seats, with the private objectives met as "met/kept". */
function partsFigures(seats: SeatParts[]): PartsFigures {
  const mean = (f: (p: SeatParts) => number) =>
    round1(seats.reduce((s, p) => s + f(p), 0) / Math.max(1, seats.length));
  const met = seats.reduce((s, p) => s + p.privateMet, 0);
  const kept = seats.reduce((s, p) => s + p.privateKept, 0);
  // Met/kept by kind: which objectives a level keeps and fails to meet.
  const byKind: Record<string, { met: number; kept: number }> = {};
  for (const { kind, met: hit } of seats.flatMap((p) => p.privateKinds)) {
    const k = (byKind[kind] ??= { met: 0, kept: 0 });
    k.kept++;
    if (hit) k.met++;
  }
  return {
    planet: mean((p) => p.breakdown.planet),
    tracks: mean((p) => p.breakdown.tracks),
    lifepods: mean((p) => p.breakdown.lifepods),
    meteorites: mean((p) => p.breakdown.meteorites),
    civ: mean((p) => p.breakdown.civ),
    objectives: mean((p) => p.breakdown.objectives),
    uncovered: mean((p) => p.uncovered),
    linesDone: mean((p) => p.linesDone),
    linesCancelled: mean((p) => p.linesCancelled),
    meteoritesLeft: mean((p) => p.meteoritesLeft),
    privateMet: `${met}/${kept}`,
    privateByKind: Object.fromEntries(
      Object.entries(byKind)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, k]) => [kind, `${k.met}/${k.kept}`]),
    ),
  };
}

/** One solo deal: its seed and the board it was played on, as runs on the same seeds share it. */
const dealKey = (job: Job): string =>
  `${job.seed}|${job.board?.planet ?? ''}|${job.board?.corporation ?? ''}`;

/** The board a run named, in words: a planet, a corporation, or both. */
const boardLabel = (board: Partial<SeatSetup>): string =>
  [board.planet, board.corporation].filter(Boolean).join(' + ');

/** Paired differences as the report gives them: how many, their mean and its 95% interval. */
function pairedFigures(diffs: number[]): { games: number; meanDiff: number; ci95: [number, number] } {
  const { mean, half } = pairedInterval(diffs);
  return { games: diffs.length, meanDiff: round1(mean), ci95: [round1(mean - half), round1(mean + half)] };
}

/** Reports larger than this are not an earlier run of this tool. */
const MAX_REPORT_BYTES = 64 * 1024 * 1024;

/**
 * An earlier run's solo scores, by level and deal, from its --json report (the output as written,
 * whose last line is the report).
 */
function readEarlier(file: string, fail: (why: string) => never): Record<string, Record<string, number>> {
  let text: string;
  try {
    if (statSync(file).size > MAX_REPORT_BYTES) return fail(`--against ${file}: larger than any report`);
    text = readFileSync(file, 'utf8');
  } catch {
    return fail(`--against ${file}: no such file, or it cannot be read`);
  }
  const last = text.trim().split('\n').pop() ?? '';
  let report: unknown;
  try {
    report = JSON.parse(last);
  } catch {
    return fail(`--against ${file}: its last line is not a report of npm run strength -- --json`);
  }
  const deals = (report as { soloDeals?: unknown } | null)?.soloDeals;
  const isScores = (v: unknown): v is Record<string, number> =>
    typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'number');
  if (typeof deals !== 'object' || deals === null || !Object.values(deals).every(isScores))
    return fail(`--against ${file}: the report holds no solo deals (made before --against existed?)`);
  return deals as Record<string, Record<string, number>>;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      games: { type: 'string', default: '10' },
      seed: { type: 'string', default: '1' },
      json: { type: 'boolean', default: false },
      // The Commander's own default (COMMANDER_MS), as in a local game.
      budget: { type: 'string', default: String(BOT_LEVELS.commander.budgetMs) },
      workers: { type: 'string', default: '1' },
      levels: { type: 'string', default: 'random,cadet,pilot,commander' },
      duels: { type: 'string', default: 'commander:pilot,pilot:cadet' },
      corporation: { type: 'string' },
      planet: { type: 'string' },
      against: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(
      'npm run -s strength -- --games N --seed S [--json] [--budget MS] [--workers K] [--levels a,b] [--duels a:b,c:d]\n' +
        '  [--corporation ID|each] [--planet ID|each]   solo games on that corporation or planet (each: every playable one)\n' +
        '  [--against FILE]   each level against an earlier run (its --json report) on the deals both played, board by board\n',
    );
    return;
  }
  const games = Number(values.games);
  const budget = Number(values.budget);
  const levels = values.levels.split(',').filter(Boolean);
  const duels = values.duels
    .split(',')
    .filter(Boolean)
    .map((d) => d.split(':') as [string, string]);
  const fail = (why: string): never => {
    process.stderr.write(`strength: ${why}\n`);
    process.exit(2);
  };
  for (const l of [...levels, ...duels.flat()]) if (!isBotLevel(l)) fail(`unknown level "${l}"`);
  if (!Number.isInteger(games) || games < 1) fail('--games must be a positive whole number');
  // Solo games per corporation: one named, every playable one, or none named (the engine's default).
  const corporationFlag = values.corporation;
  const corporationError =
    corporationFlag === undefined ? null : seatBoardError('corporation', corporationFlag, 'each');
  if (corporationError) fail(corporationError);
  const planetFlag = values.planet;
  const planetError = planetFlag === undefined ? null : seatBoardError('planet', planetFlag, 'each');
  if (planetError) fail(planetError);
  const earlier = values.against === undefined ? null : readEarlier(values.against, fail);
  const corporations: (string | undefined)[] =
    corporationFlag === undefined
      ? [undefined]
      : corporationFlag === 'each'
        ? [...PLAYABLE_CORPORATIONS]
        : [corporationFlag];
  const planets: (string | undefined)[] =
    planetFlag === undefined ? [undefined] : planetFlag === 'each' ? [...PLAYABLE_PLANETS] : [planetFlag];
  const boardOf = (
    planet: string | undefined,
    corporation: string | undefined,
  ): Partial<SeatSetup> | undefined =>
    corporation === undefined && planet === undefined
      ? undefined
      : {
          ...(planet === undefined ? {} : { planet }),
          ...(corporation === undefined ? {} : { corporation }),
        };

  const jobs: Job[] = [];
  for (const planet of planets)
    for (const corporation of corporations)
      for (const level of levels)
        for (let k = 0; k < games; k++) {
          const board = boardOf(planet, corporation);
          jobs.push({
            id: jobs.length,
            kind: 'solo',
            // The same deals for every planet and corporation, so that they are compared on equal games.
            seed: `${values.seed}-solo-${k}`,
            seats: [level as BotLevel],
            budget,
            ...(board ? { board } : {}),
          });
        }
  for (const [a, b] of duels)
    for (let k = 0; k < games; k++) {
      // The same deal twice in a row, seats swapped.
      const seed = `${values.seed}-duel-${a}-${b}-${Math.floor(k / 2)}`;
      const seats = (k % 2 === 0 ? [a, b] : [b, a]) as BotLevel[];
      jobs.push({ id: jobs.length, kind: 'duel', seed, seats, budget });
    }

  const workerCount = Math.max(1, Number(values.workers));
  const workers: ChildProcess[] = [];
  if (workerCount > 1)
    for (let k = 0; k < workerCount; k++)
      workers.push(
        fork(fileURLToPath(import.meta.url), ['--worker'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }),
      );
  const results = new Map<number, JobResult>();
  const started = Date.now();
  const progress = (r: JobResult) => {
    const job = jobs[r.id] as Job;
    results.set(r.id, r);
    process.stderr.write(
      `strength ${results.size}/${jobs.length} ${job.kind} ${job.seats.join(' vs ')} ${job.seed}: ${r.totals.join('–')} ` +
        `(${r.rounds} rounds, ${Math.round((Date.now() - started) / 1000)}s)\n`,
    );
  };
  if (workers.length === 0) {
    for (const job of jobs) progress(runJob(job));
  } else {
    const queue = [...jobs];
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            const next = () => {
              const job = queue.shift();
              if (!job) return resolve();
              w.once('message', (r: JobResult) => {
                progress(r);
                next();
              });
              w.send(job);
            };
            next();
          }),
      ),
    );
    for (const w of workers) w.kill();
  }

  const all = jobs.map((j) => ({ job: j, r: results.get(j.id) as JobResult }));
  let events: string | null = null;
  const soloFigures = (list: typeof all): SoloFigures => {
    const totals = list.map((x) => x.r.totals[0] ?? 0);
    const avg = totals.reduce((a, b) => a + b, 0) / Math.max(1, totals.length);
    const sd = Math.sqrt(totals.reduce((a, b) => a + (b - avg) ** 2, 0) / Math.max(1, totals.length - 1));
    const target = list.find((x) => x.r.target !== null)?.r.target ?? 59;
    events = list.find((x) => x.r.events)?.r.events ?? events;
    return { games: totals.length, avg: round1(avg), sd: round1(sd), target };
  };
  const soloOf = (level: string) => all.filter((x) => x.job.kind === 'solo' && x.job.seats[0] === level);
  const solo: Record<string, SoloFigures> = {};
  for (const level of levels) solo[level] = soloFigures(soloOf(level));
  // Where each level's solo medals come from, on average: the parts of §6.3, the private objectives
  // met out of those kept, and the squares left bare (what the next gain in strength has to find).
  const soloParts: Record<string, PartsFigures> = {};
  for (const level of levels)
    soloParts[level] = partsFigures(soloOf(level).flatMap((x) => x.r.parts.slice(0, 1)));
  // Each level's figures on each named board (the corporation or the planet of the solo seat).
  const soloBy = (key: 'corporation' | 'planet', names: readonly string[]) =>
    Object.fromEntries(
      names.map((name) => [
        name,
        Object.fromEntries(
          levels.map((level) => [
            level,
            soloFigures(soloOf(level).filter((x) => x.job.board?.[key] === name)),
          ]),
        ),
      ]),
    ) as Record<string, Record<string, SoloFigures>>;
  const soloByCorporation =
    corporationFlag === undefined ? {} : soloBy('corporation', corporations as string[]);
  const soloByPlanet = planetFlag === undefined ? {} : soloBy('planet', planets as string[]);
  const scoreOf = (level: string) => new Map(soloOf(level).map((x) => [dealKey(x.job), x.r.totals[0] ?? 0]));
  // Each level against the one before it in --levels, deal by deal (the same seeds): the mean
  // difference of their solo scores with a 95% interval, tighter than comparing the averages.
  const soloGain = levels.slice(1).map((a, k) => {
    const b = levels[k] as string;
    const [sa, sb] = [scoreOf(a), scoreOf(b)];
    const diffs = [...sa].filter(([deal]) => sb.has(deal)).map(([deal, v]) => v - (sb.get(deal) ?? 0));
    return { a, b, ...pairedFigures(diffs) };
  });
  // Each level's solo deals, so that a later run can be paired with this one (--against).
  const soloDeals = Object.fromEntries(levels.map((level) => [level, Object.fromEntries(scoreOf(level))]));
  const againstEarlier = earlier
    ? levels.flatMap((level) => {
        const before = earlier[level];
        if (!before) return [];
        const byBoard = new Map<string, number[]>();
        for (const x of soloOf(level)) {
          const was = before[dealKey(x.job)];
          if (was === undefined) continue;
          const diff = (x.r.totals[0] ?? 0) - was;
          for (const board of ['all', ...(x.job.board ? [boardLabel(x.job.board)] : [])]) {
            const list = byBoard.get(board) ?? [];
            list.push(diff);
            byBoard.set(board, list);
          }
        }
        return [...byBoard].map(([board, diffs]) => ({ level, board, ...pairedFigures(diffs) }));
      })
    : null;
  if (earlier && againstEarlier?.length === 0)
    process.stderr.write(`strength: ${values.against} shares no solo deal with this run\n`);
  const headToHead = duels.map(([a, b]) => {
    const list = all.filter((x) => x.job.kind === 'duel' && x.job.seed.includes(`-duel-${a}-${b}-`));
    let score = 0;
    for (const { job, r } of list) {
      const seatA = job.seats.indexOf(a as BotLevel);
      const rankA = r.ranks[seatA] ?? 2;
      const rankB = r.ranks[1 - seatA] ?? 2;
      score += rankA < rankB ? 1 : rankA === rankB ? 0.5 : 0;
    }
    const p = list.length ? score / list.length : 0;
    return { a, b, games: list.length, aWinRate: round3(p), ci95: wilson(p, list.length) };
  });
  const decisionMs: Record<string, { p50: number; p95: number; max: number; decisions: number }> = {};
  const byLevel = new Map<string, number[]>();
  for (const { r } of all)
    for (const [level, list] of Object.entries(r.times))
      byLevel.set(level, [...(byLevel.get(level) ?? []), ...list]);
  for (const [level, list] of byLevel) {
    const sorted = list.sort((x, y) => x - y);
    decisionMs[level] = {
      p50: round1(quantile(sorted, 0.5)),
      p95: round1(quantile(sorted, 0.95)),
      max: Math.round(sorted[sorted.length - 1] ?? 0),
      decisions: sorted.length,
    };
  }
  const fallbacks = all.reduce((n, x) => n + x.r.fallbacks, 0);
  const report = {
    solo,
    soloParts,
    soloGain,
    ...(corporationFlag === undefined ? {} : { soloByCorporation }),
    ...(planetFlag === undefined ? {} : { soloByPlanet }),
    ...(againstEarlier ? { againstEarlier } : {}),
    headToHead,
    decisionMs,
    soloDeals,
    notes: {
      events:
        levels.length === 0
          ? 'no solo games run'
          : events
            ? `solo games use the engine's solo setup: the ${events} event deck (20 rounds at most) and private objectives; the target is the engine's`
            : 'no events: solo games run without an event deck; target 59 is the Standard deck’s',
      ...(corporationFlag === undefined && planetFlag === undefined
        ? {}
        : {
            boards: `solo games on ${
              planetFlag === 'each'
                ? 'each playable planet in turn (the same seeds on each)'
                : (planetFlag ?? 'the symmetric planet')
            } with ${
              corporationFlag === 'each'
                ? 'each playable corporation in turn (the same seeds for each)'
                : (corporationFlag ?? SYMMETRIC_CORPORATION)
            }; head-to-head games on the symmetric boards`,
          }),
      headToHead:
        'two-player games with the engine defaults: the two-player variant (automatic rotation), no events',
      commanderBudgetMs: budget,
      seed: values.seed,
      workers: workerCount,
      fallbacks,
      minutes: round1((Date.now() - started) / 60000),
    },
  };
  if (!values.json) {
    const lines = [
      'solo            games   avg    sd  target',
      ...Object.entries(solo).map(
        ([l, s]) =>
          `${l.padEnd(14)} ${String(s.games).padStart(6)} ${s.avg.toFixed(1).padStart(5)} ${s.sd.toFixed(1).padStart(5)} ${String(s.target).padStart(7)}`,
      ),
      `${'solo, by part'.padEnd(14)}${PART_HEADS.map((h) => h.padStart(h.length + 2)).join('')}`,
      ...Object.entries(soloParts).map(
        ([l, p]) =>
          `${l.padEnd(14)}${[
            p.planet,
            p.tracks,
            p.lifepods,
            p.meteorites,
            p.civ,
            p.objectives,
            p.privateMet,
            p.uncovered,
            p.linesDone,
            p.linesCancelled,
            p.meteoritesLeft,
          ]
            .map((x, k) =>
              (typeof x === 'number' ? x.toFixed(1) : x).padStart((PART_HEADS[k] ?? '').length + 2),
            )
            .join('')}`,
      ),
      ...(corporationFlag === undefined ? [] : tableBy('solo by corporation ', soloByCorporation)),
      ...(planetFlag === undefined ? [] : tableBy('solo by planet      ', soloByPlanet)),
      'solo, same deals   games  a − b  95% interval',
      ...soloGain.map(
        (g) =>
          `${`${g.a} − ${g.b}`.padEnd(18)} ${String(g.games).padStart(3)} ${g.meanDiff.toFixed(1).padStart(6)}  ${g.ci95.join(' … ')}`,
      ),
      ...(againstEarlier
        ? [
            `against ${values.against}: same deals   games  now − then  95% interval`,
            ...againstEarlier.map(
              (g) =>
                `${`${g.level} ${g.board}`.padEnd(32)} ${String(g.games).padStart(5)} ${g.meanDiff.toFixed(1).padStart(11)}  ${g.ci95.join(' … ')}`,
            ),
          ]
        : []),
      'head to head    games  a wins  95% interval',
      ...headToHead.map(
        (h) =>
          `${`${h.a} v ${h.b}`.padEnd(18)} ${String(h.games).padStart(3)} ${(h.aWinRate * 100).toFixed(0).padStart(6)}%  ${h.ci95.map((x) => `${(x * 100).toFixed(0)}%`).join('–')}`,
      ),
      'decision ms     p50     p95',
      ...Object.entries(decisionMs).map(
        ([l, d]) => `${l.padEnd(14)} ${d.p50.toFixed(1).padStart(5)} ${d.p95.toFixed(1).padStart(7)}`,
      ),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

if (process.argv.includes('--worker')) {
  process.on('disconnect', () => process.exit(0));
  process.on('message', (job: Job) => process.send?.(runJob(job)));
} else {
  await main();
}
