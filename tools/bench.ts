/**
 * Engine benchmarks; prints figures, asserts nothing:
 *   npm run bench
 * 1. Listing every legal placement of both depot tiles on a mid-game planet (goal ≤ 0.2 ms).
 * 2. A complete 4-player game of random bots (goal ≤ 20 ms).
 */
import { parseArgs } from 'node:util';
import type { GameState } from '../game/core/types';
import { tileById } from '../game/data';
import { facingDepot } from '../game/rules/depot';
import { legalPlacements, placementContext } from '../game/rules/legality';
import { playGame } from '../game/sim';

const { values } = parseArgs({ options: { games: { type: 'string', default: '60' } } });
const games = Number(values.games);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? NaN;

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
const placementTimes: number[] = [];
for (let i = 0; i < 3000; i++) {
  const t = performance.now();
  const ctx = placementContext(board);
  count = 0;
  for (const tile of tiles) count += legalPlacements(ctx, tileById(tile).shape).length;
  placementTimes.push(performance.now() - t);
}
console.log(
  `legal placements, both depot tiles, mid-game (${board.pieces.length} pieces, ${count} placements): ` +
    `median ${(median(placementTimes) * 1000).toFixed(1)} µs, p95 ${(p95(placementTimes) * 1000).toFixed(1)} µs (goal ≤ 200 µs)`,
);

const gameTimes: number[] = [];
let actions = 0;
for (let g = 0; g < games; g++) {
  const t = performance.now();
  actions += playGame({ numPlayers: 4, seed: `bench-${g}` }).actions;
  gameTimes.push(performance.now() - t);
}
console.log(
  `complete 4-player random game (${games} games, ${Math.round(actions / games)} actions each): ` +
    `median ${median(gameTimes).toFixed(1)} ms, p95 ${p95(gameTimes).toFixed(1)} ms (goal ≤ 20 ms)`,
);
