/**
 * The clocks' cost under load: `npm run -s load:clocks -- [--pairs K] [load options]` runs the load
 * tool (tools/load.ts) with the same options without clocks and with every match clocked
 * (`--time-control`, 3600 s a decision unless given), alternately, K pairs (2 by default, so that
 * neither side always runs on the warmer machine), and prints each run's figures and both sides'
 * medians side by side, then all results as one JSON object on the last line.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
function take(flag: string, fallback: string): [string, string[]] {
  const at = args.indexOf(flag);
  if (at < 0) return [fallback, args];
  const value = args[at + 1] ?? fallback;
  args.splice(at, 2);
  return [value, args];
}
const [seconds] = take('--time-control', '3600');
const [pairsText] = take('--pairs', '2');
const pairs = Number(pairsText);
if (!Number.isInteger(pairs) || pairs < 1 || pairs > 10) {
  console.error('--pairs must be 1 to 10.');
  process.exit(2);
}

type Result = Record<string, number | null>;

function run(extra: string[]): Result {
  const out = spawnSync(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'load.ts'), ...args, ...extra],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 },
  );
  const last = out.stdout.trim().split('\n').pop() ?? '';
  if (out.status !== 0 || !last.startsWith('{')) {
    console.error(`The load run failed (exit ${out.status}).`);
    process.exit(1);
  }
  return JSON.parse(last) as Result;
}

const without: Result[] = [];
const clocked: Result[] = [];
for (let i = 1; i <= pairs; i++) {
  console.error(`Pair ${i} of ${pairs}: without clocks`);
  without.push(run([]));
  console.error(`Pair ${i} of ${pairs}: with clocks (${seconds} s a decision)`);
  clocked.push(run(['--time-control', seconds]));
}

const median = (runs: Result[], key: string): number | null => {
  const values = runs.map((r) => r[key]).filter((v): v is number => typeof v === 'number');
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  const mid = values.length / 2;
  const m = Number.isInteger(mid)
    ? ((values[mid - 1] ?? 0) + (values[mid] ?? 0)) / 2
    : (values[Math.floor(mid)] ?? 0);
  return Math.round(m * 1000) / 1000;
};
const rows = [
  'moves',
  'movesPerSec',
  'p50Ms',
  'p95Ms',
  'p99Ms',
  'errors',
  'serverCpuMsPerMove',
  'rssMB',
  'loadAvg',
];
const cell = (v: unknown) => String(v).padStart(10);
console.error(
  `\n${'figure'.padEnd(20)}${without.map((_, i) => cell(`off ${i + 1}`) + cell(`on ${i + 1}`)).join('')}${cell('off (med)')}${cell('on (med)')}`,
);
for (const key of rows)
  console.error(
    `${key.padEnd(20)}${without.map((r, i) => cell(r[key]) + cell(clocked[i]?.[key])).join('')}${cell(median(without, key))}${cell(median(clocked, key))}`,
  );
console.log(JSON.stringify({ without, clocked }));
