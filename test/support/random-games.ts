/**
 * Thirty random games on one board for 1–6 players (mostly one or two, where a board's own rules
 * bite most): each ends, every score equals its breakdown (and its detail by track, card and
 * objective adds up to it), and all 144 tiles are accounted for.
 * A check may look at every state along the way.
 */
import { expect } from 'vitest';
import type { Action, GameState, PlayerID, SeatSetup } from '../../game/core/types';
import { playGame } from '../../game/sim';
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

export function playThirtyGames(
  seat: Partial<SeatSetup>,
  seed: string,
  onAction?: (state: GameState, player: PlayerID, action: Action) => void,
): void {
  PLAYER_COUNTS.forEach((n, k) => {
    const played = playGame({
      numPlayers: n,
      seed: `${seed}-${k}`,
      setupData: { seats: Array.from({ length: n }, () => ({ ...seat })) },
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
