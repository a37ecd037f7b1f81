/**
 * Replays a match record through the real game and prints the sim's JSON summary:
 *   npm run replay -- FILE
 * An invalid record gets a clear error naming the first bad move, and exit code 1.
 */
import { readFileSync } from 'node:fs';
import { recordError, replay } from '../game/replay';
import { summarize } from '../game/summary';
import type { MatchRecord } from '../game/match';

function fail(message: string): never {
  process.stderr.write(`replay: ${message}\n`);
  process.exit(1);
}

const file = process.argv[2];
if (!file) fail('usage: npm run replay -- FILE');
let record: unknown;
try {
  record = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  fail(`cannot read ${file}: ${(e as Error).message}`);
}
const why = recordError(record);
if (why) fail(`${file} is not a valid match record: ${why}`);
const r = record as MatchRecord;
const result = replay(r);
if (result.failure) {
  const { index, move, reason } = result.failure;
  fail(`move ${index} ${JSON.stringify(move)} is invalid: ${reason}`);
}
const summary = summarize(result.state, r.seed);
process.stdout.write(
  `${JSON.stringify({ ...summary, moves: result.movesApplied, finished: result.state.result !== null })}\n`,
);
