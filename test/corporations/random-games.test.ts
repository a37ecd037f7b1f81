/**
 * The thirty random games every corporation plays (§8.2, R33): their planets turn through all
 * thirteen, a planet a test names stays fixed, and some games have the Cadet at the table.
 */
import { describe, expect, it } from 'vitest';
import { PLAYABLE_PLANETS } from '../../game/content/planets';
import { BOTS } from '../../game/sim';
import { PLAYER_COUNTS, botsOfGame, seatOfGame } from '../support/random-games';

describe('the random games of a corporation (§8.2, R33)', () => {
  it('play every planet, in solo as in the seats of larger games', () => {
    const seats = PLAYER_COUNTS.flatMap((n, k) =>
      Array.from({ length: n }, (_, i) => seatOfGame({ corporation: 'makeshift' }, k, i)),
    );
    expect(new Set(seats.map((s) => s.planet))).toEqual(new Set(PLAYABLE_PLANETS));
    expect(PLAYABLE_PLANETS).toHaveLength(13);
    expect(seats.every((s) => s.corporation === 'makeshift')).toBe(true);
    const solo = PLAYER_COUNTS.flatMap((n, k) => (n === 1 ? [seatOfGame({}, k, 0).planet] : []));
    expect(new Set(solo).size).toBe(solo.length); // ten solo games, ten different planets
  });

  it('keep a planet a test names', () => {
    expect(seatOfGame({ planet: 'kaak' }, 4, 2)).toEqual({ planet: 'kaak' });
  });

  it('seat the Cadet in five of the thirty games, random bots elsewhere', () => {
    const tables = PLAYER_COUNTS.map((n, k) => botsOfGame(n, k));
    const withCadet = tables.filter((bots) => bots.includes(BOTS.cadet!));
    expect(withCadet).toHaveLength(5);
    expect(new Set(withCadet.map((bots) => bots.length))).toEqual(new Set([1, 2, 4, 6]));
    expect(tables.every((bots, k) => bots.length === PLAYER_COUNTS[k])).toBe(true);
  });
});
