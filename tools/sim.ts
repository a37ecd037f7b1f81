/**
 * Plays complete games between bots, headless:
 *   npm run sim -- --players 4 --bots random --games 200 --seed 1 --json [--records DIR]
 *     [--planet ID|random] [--corporation ID|random]
 * With --json: one JSON object per game and line on stdout, with each seat's planet and
 * corporation. Otherwise a readable table.
 * A progress bar goes to stderr.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { BOTS, playGame, seatBoardError, seatsFor, type BotFn } from '../game/sim';
import { summarize } from '../game/summary';
import { validateSetupData, type SetupData } from '../game/setup-data';

function fail(message: string): never {
  process.stderr.write(`sim: ${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '4' },
    bots: { type: 'string', default: 'random' },
    games: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
    records: { type: 'string' },
    events: { type: 'string' },
    'private-objectives': { type: 'boolean', default: false },
    'two-player-variant': { type: 'boolean' },
    boards: { type: 'string' },
    planet: { type: 'string' },
    corporation: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
  allowNegative: true,
});

if (values.help) {
  process.stdout.write(
    'npm run sim -- --players N --bots LEVEL[,LEVEL…] --games K --seed S [--json] [--records DIR]\n' +
      '  [--events PRESET|G,O,R] [--private-objectives] [--two-player-variant] [--boards symmetric|dealt|free]\n' +
      '  [--planet ID|random] [--corporation ID|random]   every seat on that board, or a distinct random one each\n',
  );
  process.exit(0);
}
const players = Number(values.players);
if (!Number.isInteger(players) || players < 1 || players > 6) fail('--players must be 1 to 6');
const games = Number(values.games);
if (!Number.isInteger(games) || games < 1) fail('--games must be a positive whole number');
const levels = values.bots.split(',').map((s) => s.trim());
for (const level of levels)
  if (!BOTS[level]) fail(`unknown bot level "${level}" (known: ${Object.keys(BOTS).join(', ')})`);
if (levels.length !== 1 && levels.length !== players)
  fail('--bots takes one level for all seats or one per seat');
const bots: BotFn[] = Array.from(
  { length: players },
  (_, i) => BOTS[levels[levels.length === 1 ? 0 : i] as string] as BotFn,
);
if (values.records) mkdirSync(values.records, { recursive: true });

// Match options, validated exactly as a new match's would be.
const setupData: SetupData = {};
if (values.events !== undefined) {
  const parts = values.events.split(',');
  setupData.events =
    parts.length === 3
      ? { green: Number(parts[0]), orange: Number(parts[1]), red: Number(parts[2]) }
      : (values.events as SetupData['events']);
}
if (values['private-objectives']) setupData.privateObjectives = true;
if (values['two-player-variant'] !== undefined) setupData.twoPlayerVariant = values['two-player-variant'];
if (values.boards !== undefined) setupData.boards = values.boards as SetupData['boards'];
const seatBoards = { planet: values.planet, corporation: values.corporation };
for (const part of ['planet', 'corporation'] as const) {
  const value = seatBoards[part];
  const why = value === undefined ? null : seatBoardError(part, value);
  if (why) fail(why);
}
const invalid = validateSetupData(
  { ...setupData, seats: seatsFor(players, values.seed, seatBoards) },
  players,
);
if (invalid) fail(invalid);

const bar = new cliProgress.SingleBar(
  { stream: process.stderr, format: 'sim {bar} {value}/{total} games | {duration}s', hideCursor: true },
  cliProgress.Presets.shades_classic,
);
if (process.stderr.isTTY) bar.start(games, 0);
const rows: ReturnType<typeof summarize>[] = [];
for (let k = 0; k < games; k++) {
  const seed = games === 1 ? values.seed : `${values.seed}-${k}`;
  const started = performance.now();
  const seats = seatsFor(players, seed, seatBoards);
  const played = playGame({
    numPlayers: players,
    seed,
    bots,
    setupData: seats ? { ...setupData, seats } : setupData,
  });
  const { state } = played;
  const line = {
    ...summarize(state, seed),
    seats: state.playerIDs.map((p) => ({
      planet: state.boards[p]?.planet,
      corporation: state.boards[p]?.corporation,
    })),
    bots: levels,
    actions: played.actions,
    ms: Math.round(performance.now() - started),
  };
  if (values.records) writeFileSync(join(values.records, `${seed}.json`), JSON.stringify(played.record));
  if (values.json) process.stdout.write(`${JSON.stringify(line)}\n`);
  rows.push(line);
  if (process.stderr.isTTY) bar.increment();
}
if (process.stderr.isTTY) bar.stop();

if (!values.json) {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  process.stdout.write(`${'seed'.padEnd(12)} rounds  end          scores\n`);
  for (const r of rows) {
    const scores = r.scores.map((s) => `${s.player}:${s.total}`).join(' ');
    process.stdout.write(`${r.seed.padEnd(12)} ${pad(r.rounds, 6)}  ${r.endReason.padEnd(12)} ${scores}\n`);
  }
  const totals = rows.flatMap((r) => r.scores.map((s) => s.total));
  const mean = totals.reduce((a, b) => a + b, 0) / Math.max(1, totals.length);
  process.stdout.write(`${rows.length} games, mean score ${mean.toFixed(1)}\n`);
}
