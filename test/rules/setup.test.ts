import { describe, expect, it } from 'vitest';
import type { GameState } from '../../game/core/types';
import { CIV_CARDS, STATION } from '../../game/data';
import { initialGameState } from '../../game/match';
import type { SetupRandom } from '../../game/rules/setup';
import { scenario } from '../support/scenario';

const SEEDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
const COUNTS = [1, 2, 3, 4, 5, 6];

/** Shuffles nothing and always draws `value`: every random pick lands at the same place. */
const drawing = (value: number): SetupRandom => ({ Shuffle: (items) => [...items], Number: () => value });

/** Every objective card dealt at setup: the shared cards, then the private offers (§2.5, §7.2). */
const dealtObjectives = (s: GameState): number[] => [
  ...s.objectives.map((o) => o.card),
  ...s.playerIDs.flatMap((p) => s.private[p]?.objectiveOffer?.cards ?? []),
];

describe('§2.2 the inner-ring offset', () => {
  it('is drawn from the seed: the same seed gives the same offset, a handful of seeds several offsets', () => {
    for (const seed of SEEDS.slice(0, 3))
      expect(initialGameState(4, seed).station.innerOffset).toBe(
        initialGameState(4, seed).station.innerOffset,
      );
    const offsets = SEEDS.map((seed) => initialGameState(4, seed).station.innerOffset);
    for (const o of offsets) expect([0, 1, 2, 3, 4, 5]).toContain(o);
    expect(new Set(offsets).size).toBeGreaterThan(1);
  });

  it('pairs each large stack with the small stack the offset brings to its depot; every depot has one of each', () => {
    for (const seed of SEEDS.slice(0, 4)) {
      const s = initialGameState(3, seed);
      const { innerOffset, depots } = s.station;
      depots.forEach((d, e) => {
        expect(d.large.shape).toBe(STATION.largeShapes[e]);
        expect(d.small.shape).toBe(STATION.smallShapes[(e + innerOffset) % 6]);
        expect([d.small.count, d.large.count]).toEqual([12, 12]);
      });
    }
  });

  it('never changes during the game: turning the station moves the whole, not the disc (§3.3)', () => {
    const g = scenario({ players: 3, random: drawing(0.5) }).asIs();
    const offset = g.state.station.innerOffset;
    expect(offset).toBe(3);
    g.act(g.state.commander, { type: 'rotate', rotation: 5 });
    expect(g.state.station.innerOffset).toBe(offset);
  });
});

describe('§2.3 seating', () => {
  it('indicators sit at 0 | 0, 3 | 0, 2, 4 | 0, 1, 3, 4 | 0–4 | 0–5 for 1 to 6 players', () => {
    const table: Record<number, number[]> = {
      1: [0],
      2: [0, 3],
      3: [0, 2, 4],
      4: [0, 1, 3, 4],
      5: [0, 1, 2, 3, 4],
      6: [0, 1, 2, 3, 4, 5],
    };
    for (const n of COUNTS) {
      const s = initialGameState(n, 'seats');
      expect(s.positions).toEqual(table[n]);
      expect(s.playerIDs).toEqual(Array.from({ length: n }, (_, i) => String(i))); // clockwise order
    }
  });

  it('with 5 players one depot faces nobody (§2.3)', () => {
    const g = scenario({ players: 5 }).asIs();
    const faced = new Set(g.state.positions.map((p) => (p - g.state.station.rotation + 6) % 6));
    expect(faced.size).toBe(5);
  });
});

describe('§2.4 civ piles', () => {
  for (const n of COUNTS) {
    it(`${n} player${n > 1 ? 's' : ''}: each rank's pile holds ${n + 1} of its 9 cards, the rest set aside unseen${n === 1 ? ' (2 in solo, §7.4)' : ''}`, () => {
      const s = initialGameState(n, `civ-${n}`);
      for (const rank of [1, 2, 3, 4]) {
        const pile = s.hidden.civPiles[rank] ?? [];
        const aside = s.hidden.civSetAside[rank] ?? [];
        expect(pile).toHaveLength(n + 1);
        expect(s.civPileSizes[rank]).toBe(n + 1);
        expect(aside).toHaveLength(9 - (n + 1));
        const ofRank = CIV_CARDS.filter((c) => c.rank === rank).map((c) => c.id);
        expect([...pile, ...aside].sort((a, b) => a - b)).toEqual([...ofRank].sort((a, b) => a - b));
      }
    });
  }

  it('the piles are shuffled from the seed: the same seed deals the same piles', () => {
    expect(initialGameState(3, 'x').hidden.civPiles).toEqual(initialGameState(3, 'x').hidden.civPiles);
    const piles = SEEDS.map((seed) => JSON.stringify(initialGameState(3, seed).hidden.civPiles));
    expect(new Set(piles).size).toBeGreaterThan(1);
  });
});

describe('§2.5 objectives by player count', () => {
  it('solo: no neighbor objective; four private cards dealt to keep three (§7.4)', () => {
    const s = initialGameState(1, 'solo');
    expect(s.objectives).toEqual([]);
    expect(s.step).toBe('objectives');
    expect(s.private['0']?.objectiveOffer).toMatchObject({ keep: 3 });
    expect(s.private['0']?.objectiveOffer?.cards).toHaveLength(4);
  });

  it('two players: three different neighbor cards, each shared by both players', () => {
    for (const seed of SEEDS.slice(0, 3)) {
      const s = initialGameState(2, seed);
      expect(s.objectives).toHaveLength(3);
      for (const o of s.objectives) expect(o.players).toEqual(['0', '1']);
      expect(new Set(s.objectives.map((o) => o.card)).size).toBe(3);
    }
  });

  for (const n of [3, 4, 5, 6]) {
    it(`${n} players: one card between each pair of seated neighbours, ${n} in all; each player shares one left and one right`, () => {
      const s = initialGameState(n, `neighbours-${n}`);
      expect(s.objectives).toHaveLength(n);
      expect(new Set(s.objectives.map((o) => o.card)).size).toBe(n);
      s.objectives.forEach((o, i) => expect(o.players).toEqual([String(i), String((i + 1) % n)]));
      for (const p of s.playerIDs) {
        const partners = s.objectives
          .filter((o) => o.players.includes(p))
          .map((o) => o.players.find((q) => q !== p));
        const i = Number(p);
        expect(partners.sort()).toEqual([String((i + n - 1) % n), String((i + 1) % n)].sort());
      }
    });
  }

  it('with private objectives (§7.2): two dealt to each player first, then the shared cards; no card is dealt twice', () => {
    for (const n of [2, 4, 6]) {
      const s = initialGameState(n, `private-${n}`, { privateObjectives: true });
      for (const p of s.playerIDs) expect(s.private[p]?.objectiveOffer).toMatchObject({ keep: 1 });
      for (const p of s.playerIDs) expect(s.private[p]?.objectiveOffer?.cards).toHaveLength(2);
      const dealt = dealtObjectives(s);
      expect(dealt).toHaveLength(2 * n + (n === 2 ? 3 : n));
      expect(new Set(dealt).size).toBe(dealt.length);
    }
  });
});

describe('§2.6 commander', () => {
  it('the first commander is drawn at random among the seated players', () => {
    expect(scenario({ players: 4, random: drawing(0) }).state.commander).toBe('0');
    expect(scenario({ players: 4, random: drawing(0.6) }).state.commander).toBe('2');
    expect(scenario({ players: 4, random: drawing(0.99) }).state.commander).toBe('3');
  });

  it('the draw follows the seed: the same seed, the same commander; a handful of seeds, several', () => {
    for (const seed of SEEDS.slice(0, 3))
      expect(initialGameState(4, seed).commander).toBe(initialGameState(4, seed).commander);
    const commanders = SEEDS.map((seed) => initialGameState(4, seed).commander);
    for (const c of commanders) expect(['0', '1', '2', '3']).toContain(c);
    expect(new Set(commanders).size).toBeGreaterThan(1);
  });
});
