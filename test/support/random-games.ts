/**
 * Thirty random games on one board for 1–6 players (mostly one or two, where a board's own rules
 * bite most): each ends, every score equals its breakdown (and its detail by track, card and
 * objective adds up to it), and all 144 tiles are accounted for.
 * A seat given no planet plays a different one from game to game, all thirteen in turn (R33: any
 * corporation goes with any planet), and every sixth game has the Cadet in the first seat, so the
 * choices a rules-reading bot makes are played as well as random ones.
 * A check may look at every state along the way.
 */
import { expect } from 'vitest';
import type { Action, GameState, PlayerID, SeatSetup } from '../../game/core/types';
import { BOTS, playGame, type BotFn } from '../../game/sim';
import { PLAYABLE_PLANETS } from '../../game/content/planets';
import { breakdownTotal, scoreGame } from '../../game/rules/scoring';

export const PLAYER_COUNTS = [
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6,
];

/** Every tile is in a stack, on a planet or set aside: none lost, none doubled (§2.2, §4.10). */
export function tilesAccountedFor(state: GameState): number {
  const inStacks = state.hidden.stacks.reduce((n, stack) => n + stack.length, 0);
  const onPlanets = Object.values(state.boards).reduce(
    (n, b) => n + b.pieces.filter((p) => p.kind === 'tile').length,
    0,
  );
  return inStacks + onPlanets + state.setAsideTiles.length;
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/** Game `k`'s seat `i`: the given boards, and a planet that turns with the game and the seat. */
export function seatOfGame(seat: Partial<SeatSetup>, k: number, i: number): Partial<SeatSetup> {
  if (seat.planet !== undefined) return { ...seat };
  return { ...seat, planet: PLAYABLE_PLANETS[(k + i) % PLAYABLE_PLANETS.length]! };
}

/** Random bots, with the Cadet in the first seat of every sixth game (the Cadet is quick). */
export function botsOfGame(players: number, k: number): BotFn[] {
  const bots = Array.from({ length: players }, () => BOTS.random!);
  if (k % 6 === 5) bots[0] = BOTS.cadet!;
  return bots;
}

export function playThirtyGames(
  seat: Partial<SeatSetup>,
  seed: string,
  onAction?: (state: GameState, player: PlayerID, action: Action) => void,
): void {
  PLAYER_COUNTS.forEach((n, k) => {
    const played = playGame({
      numPlayers: n,
      seed: `${seed}-${k}`,
      setupData: { seats: Array.from({ length: n }, (_, i) => seatOfGame(seat, k, i)) },
      bots: botsOfGame(n, k),
      onAction,
    });
    expect(played.state.step, `${seed}-${k}`).toBe('over');
    expect(tilesAccountedFor(played.state), `${seed}-${k}`).toBe(144);
    for (const s of scoreGame(played.state).scores) {
      expect(s.total).toBe(breakdownTotal(s.breakdown));
      // The end screen's detail adds up to the categories it details.
      expect(sum(Object.values(s.detail.tracks))).toBe(s.breakdown.tracks);
      expect(sum(s.detail.civCards.map((c) => c.medals))).toBe(s.breakdown.civ);
      expect(sum(s.detail.objectives.map((c) => c.medals))).toBe(s.breakdown.objectives);
    }
  });
}
