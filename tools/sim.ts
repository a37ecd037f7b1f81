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
import cliProgress from 'cli-progress';
import { playGame, seatsFor } from '../game/sim';
import { summarize } from '../game/summary';
import { SIM_USAGE, simOptions, type SimOptions } from './sim-options';
import { UsageError } from './usage-error';

let options: SimOptions | 'help';
try {
  options = simOptions(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof UsageError)) throw err;
  process.stderr.write(`sim: ${err.message}\n`);
  process.exit(2);
}
if (options === 'help') {
  process.stdout.write(SIM_USAGE);
  process.exit(0);
}
const { players, games, json, records, levels, bots, setupData, seatBoards } = options;
if (records) mkdirSync(records, { recursive: true });

const bar = new cliProgress.SingleBar(
  { stream: process.stderr, format: 'sim {bar} {value}/{total} games | {duration}s', hideCursor: true },
  cliProgress.Presets.shades_classic,
);
if (process.stderr.isTTY) bar.start(games, 0);
const rows: ReturnType<typeof summarize>[] = [];
for (let k = 0; k < games; k++) {
  const seed = games === 1 ? options.seed : `${options.seed}-${k}`;
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
  if (records) writeFileSync(join(records, `${seed}.json`), JSON.stringify(played.record));
  if (json) process.stdout.write(`${JSON.stringify(line)}\n`);
  rows.push(line);
  if (process.stderr.isTTY) bar.increment();
}
if (process.stderr.isTTY) bar.stop();

if (!json) {
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
