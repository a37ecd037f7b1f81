/**
 * Engine benchmarks; prints figures, asserts nothing:
 *   npm run bench
 * 1. Listing every legal placement of both depot tiles on a mid-game planet (goal ≤ 10 µs).
 * 2. A complete 4-player game of random bots (goal ≤ 5 ms).
 * It also prints a fingerprint of every action the games played: a change to the engine that
 * should not change behaviour must leave it the same. The npm script runs it as `npm run serve`
 * runs the server (production mode, which skips boardgame.io's development checks, and the same
 * young-generation size), so the figures are the ones a match sees.
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { GameState } from '../game/core/types';
import { tileById } from '../game/data';
import { facingDepot } from '../game/rules/depot';
import { legalPlacements, placementContext } from '../game/rules/legality';
import { playGame } from '../game/sim';

const { values } = parseArgs({ options: { games: { type: 'string', default: '60' } } });
const games = Number(values.games);
if (process.env.NODE_ENV !== 'production')
  console.log('note: not in production mode, as the server runs; `npm run bench` sets it.');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? NaN;
/** Milliseconds of CPU this process has used: on a shared machine, steadier than the clock. */
const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

// A mid-game position: the state at the start of round 9 of a seeded 4-player game.
let midGame: GameState | null = null;
playGame({
  numPlayers: 4,
  seed: 'bench-mid',
  onAction: (state) => {
    if (!midGame && state.round === 9 && state.step === 'turns') midGame = structuredClone(state);
  },
});
if (!midGame) throw new Error('The bench game ended before round 9.');
const mid: GameState = midGame;
const player = mid.playerIDs[0] as string;
const board = mid.boards[player] as GameState['boards'][string];
const depot = mid.station.depots[facingDepot(mid, player)];
const tiles = [depot?.small.top, depot?.large.top].filter((t): t is number => t !== null && t !== undefined);

let count = 0;
// Batches of listings: one listing is too short for the CPU clock to time.
const BATCH = 100;
const placementTimes: number[] = [];
const placementCpu: number[] = [];
for (let i = 0; i < 60; i++) {
  const t = performance.now();
  const cpu = cpuMs();
  for (let k = 0; k < BATCH; k++) {
    const ctx = placementContext(board);
    count = 0;
    for (const tile of tiles) count += legalPlacements(ctx, tileById(tile).shape).length;
  }
  placementTimes.push((performance.now() - t) / BATCH);
  placementCpu.push((cpuMs() - cpu) / BATCH);
}
const micro = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
console.log(
  `legal placements, both depot tiles, mid-game (${board.pieces.length} pieces, ${count} placements): ` +
    `median ${micro(median(placementTimes))} (CPU ${micro(median(placementCpu))}), ` +
    `p95 ${micro(p95(placementTimes))} (goal ≤ 10 µs)`,
);

const gameTimes: number[] = [];
const gameCpu: number[] = [];
let actions = 0;
const fingerprint = createHash('sha256');
for (let g = 0; g < games; g++) {
  const t = performance.now();
  const cpu = cpuMs();
  const played = playGame({ numPlayers: 4, seed: `bench-${g}` });
  gameTimes.push(performance.now() - t);
  gameCpu.push(cpuMs() - cpu);
  actions += played.actions;
  fingerprint.update(JSON.stringify(played.record.moves));
}
console.log(
  `complete 4-player random game (${games} games, ${Math.round(actions / games)} actions each): ` +
    `median ${median(gameTimes).toFixed(1)} ms (CPU ${median(gameCpu).toFixed(1)} ms), ` +
    `p95 ${p95(gameTimes).toFixed(1)} ms (goal ≤ 5 ms)`,
);
console.log(`actions played: ${actions}, fingerprint ${fingerprint.digest('hex').slice(0, 16)}`);
