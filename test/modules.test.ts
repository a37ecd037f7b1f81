/** The optional modules' setup and scoring: §7.1 two-player variant, §7.2 private objectives, §7.3.1 decks, §7.4 solo. */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../game/core/types';
import { EVENTS } from '../game/data';
import { applyAction, legalActions } from '../game/engine';
import { initialGameState } from '../game/match';
import { soloEpilogue, soloTarget } from '../game/rules/solo';
import { EVENT_PRESETS, eventPools, matchOptionsFrom, validateSetupData } from '../game/setup-data';
import { playGame } from '../game/sim';
import { playerView } from '../game/view';
import { paint } from './support/paint';
import { why } from './support/why';

const colorOf = (id: number) => EVENTS.find((e) => e.id === id)?.color;
const soloOnly = new Set(EVENTS.filter((e) => e.soloOnly).map((e) => e.id));

describe('§7.3.1 the event deck (R19, R20, R27)', () => {
  it('the presets are Cadet 12/6/2, Standard 7/7/6, Veteran 4/6/10, Nightmare 0/5/15', () => {
    expect(EVENT_PRESETS).toEqual({
      cadet: { green: 12, orange: 6, red: 2 },
      standard: { green: 7, orange: 7, red: 6 },
      veteran: { green: 4, orange: 6, red: 10 },
      nightmare: { green: 0, orange: 5, red: 15 },
    });
  });

  it('multiplayer pools lose the six solo-only cards: 16 green, 20 orange, 18 red', () => {
    expect(eventPools(1)).toEqual({ green: 20, orange: 20, red: 20 });
    expect(eventPools(3)).toEqual({ green: 16, orange: 20, red: 18 });
  });

  for (const [preset, mix] of Object.entries(EVENT_PRESETS)) {
    it(`${preset}: 20 cards of the preset's colours; multiplayer decks hold no solo-only card`, () => {
      for (const players of [1, 4]) {
        const state = initialGameState(players, `deck-${preset}`, {
          events: preset as keyof typeof EVENT_PRESETS,
        });
        const deck = [...state.hidden.eventDeck, ...(state.event ? [state.event.id] : [])];
        expect(deck).toHaveLength(20);
        expect(new Set(deck).size).toBe(20);
        for (const color of ['green', 'orange', 'red'] as const)
          expect(deck.filter((id) => colorOf(id) === color)).toHaveLength(mix[color]);
        if (players > 1) expect(deck.some((id) => soloOnly.has(id))).toBe(false);
      }
    });
  }

  it('a custom mix is any 20 the pools allow; anything else is refused with a clear message', () => {
    expect(validateSetupData({ events: { green: 10, orange: 5, red: 5 } }, 2)).toBeNull();
    expect(validateSetupData({ events: { green: 10, orange: 5, red: 4 } }, 2)).toMatch(
      /exactly 20 cards; this mix has 19/,
    );
    expect(validateSetupData({ events: { green: 17, orange: 3, red: 0 } }, 2)).toMatch(
      /Only 16 green .* multiplayer/,
    );
    expect(validateSetupData({ events: { green: 20, orange: 0, red: 0 } }, 1)).toBeNull();
    expect(validateSetupData({ events: { green: -1, orange: 11, red: 10 } }, 1)).toMatch(
      /whole number, 0 or more/,
    );
    expect(validateSetupData({ events: 'heroic' }, 1)).toMatch(/cadet, standard, veteran, nightmare/);
    expect(validateSetupData({ events: { blue: 20 } }, 1)).toMatch(/unknown colour "blue"/);
  });

  it('solo always plays with events (R19): Standard unless chosen, and "no events" is refused', () => {
    expect(matchOptionsFrom(1, undefined).events).toMatchObject({
      green: 7,
      orange: 7,
      red: 6,
      preset: 'standard',
    });
    expect(validateSetupData({ events: null }, 1)).toMatch(/R19/);
    expect(matchOptionsFrom(3, undefined).events).toBeNull();
  });

  it('the first card is revealed in round 1, after the rotation (§3.4)', () => {
    const state = initialGameState(2, 'reveal', { events: 'standard', twoPlayerVariant: true });
    expect(state.event).toMatchObject({ round: 1 });
    expect(state.eventsLeft).toBe(19);
    expect(playerView(state, '0').hidden.eventDeck).toEqual([]);
  });
});

describe('§7.4 solo target and epilogue', () => {
  it('60 plus one adjustment per colour: the rulebook example 8 red, 3 orange, 9 green → 58', () => {
    expect(soloTarget({ red: 8, orange: 3, green: 9 })).toBe(58);
  });

  it('the presets give Cadet 68, Standard 59, Veteran 55, Nightmare 48', () => {
    expect(soloTarget(EVENT_PRESETS.cadet)).toBe(68);
    expect(soloTarget(EVENT_PRESETS.standard)).toBe(59);
    expect(soloTarget(EVENT_PRESETS.veteran)).toBe(55);
    expect(soloTarget(EVENT_PRESETS.nightmare)).toBe(48);
  });

  it('the epilogue follows the margin bands with no gaps', () => {
    const bands = [-30, -11, -10, -6, -5, -1, 0, 4, 5, 9, 10, 14, 15, 40].map(soloEpilogue);
    expect(bands[0]).toBe(bands[1]);
    expect(bands[1]).not.toBe(bands[2]);
    expect(bands[5]).not.toBe(bands[6]);
    expect(bands[6]).toMatch(/Mission accomplished/);
    expect(bands[12]).toBe(bands[13]);
    expect(new Set(bands).size).toBe(7);
  });

  it('every solo game reports its target from the deck it used, its margin and epilogue', () => {
    for (const [k, preset] of ['cadet', 'standard', 'veteran', 'nightmare'].entries()) {
      const { state } = playGame({
        numPlayers: 1,
        seed: `solo-${k}`,
        setupData: { events: preset as 'cadet' },
      });
      const solo = state.result?.solo;
      const total = state.result?.scores[0]?.total ?? NaN;
      expect(solo?.target).toBe(soloTarget(EVENT_PRESETS[preset as keyof typeof EVENT_PRESETS]));
      expect(solo?.margin).toBe(total - (solo?.target ?? 0));
      expect(solo?.epilogue).toBe(soloEpilogue(solo?.margin ?? 0));
    }
  });
});

describe('§7.2 private objectives', () => {
  const keep = (state: GameState, player: string, cards: number[]) =>
    why(applyAction(state, player, { type: 'keepObjectives', cards }));

  it('multiplayer: two dealt to each player before round 1, one kept secretly, the other gone', () => {
    const state = initialGameState(3, 'private', { privateObjectives: true });
    expect(state.step).toBe('objectives');
    expect(state.round).toBe(0);
    const offer = state.private['0']?.objectiveOffer;
    expect(offer?.cards).toHaveLength(2);
    expect(offer?.keep).toBe(1);
    // Nobody else sees what player 0 was dealt or keeps (§9).
    expect(playerView(state, '1').private['0']?.objectiveOffer).toBeNull();
    expect(JSON.stringify(playerView(state, '1').private['0'])).not.toContain(String(offer?.cards[0]));
    expect(keep(state, '0', offer?.cards ?? [])).toMatch(/Keep exactly 1/);
    expect(keep(state, '0', [999])).toMatch(/Keep exactly 1/);
    expect(keep(state, '0', [offer?.cards[1] as number])).toBeNull();
    expect(state.private['0']?.objectives).toEqual([offer?.cards[1]]);
    expect(playerView(state, '2').private['0']?.objectives).toEqual([]);
    for (const p of ['1', '2']) {
      const choice = legalActions(state, p)[0];
      expect(applyAction(state, p, choice as never)).toBeNull();
    }
    expect(state.round).toBe(1);
    // The shared cards were dealt after the private ones and never repeat them.
    const shared = state.objectives.map((o) => o.card);
    for (const p of ['0', '1', '2'])
      for (const c of state.private[p]?.objectives ?? []) expect(shared).not.toContain(c);
  });

  it('solo: four dealt, three kept', () => {
    const state = initialGameState(1, 'solo-objectives');
    expect(state.private['0']?.objectiveOffer).toMatchObject({ keep: 3 });
    expect(state.private['0']?.objectiveOffer?.cards).toHaveLength(4);
    expect(legalActions(state, '0')).toHaveLength(4); // every choice of 3 among 4
  });

  it('a kept objective scores 5 at the end if met, and is revealed with the result (§6.3 E)', () => {
    const { state } = playGame({
      numPlayers: 2,
      seed: 'private-score',
      setupData: { privateObjectives: true },
    });
    expect(Object.keys(state.result?.privateObjectives ?? {})).toEqual(['0', '1']);
    for (const s of state.result?.scores ?? []) expect(s.breakdown.objectives % 1).toBe(0);
  });

  it('an objective met scores 5, one missed scores 0', async () => {
    const { scoreGame } = await import('../game/rules/scoring');
    const state = initialGameState(2, 'private-check', { privateObjectives: true });
    // Card 42's private face: a solid 3×3 of energy terrain.
    paint(
      state.boards['0'] as GameState['boards'][string],
      [
        [4, 4],
        [5, 4],
        [6, 4],
        [4, 5],
        [5, 5],
        [6, 5],
        [4, 6],
        [5, 6],
        [6, 6],
      ],
      'energy',
    );
    state.objectives = [];
    const result = scoreGame(state, { '0': [42], '1': [42] });
    expect(result.scores.map((s) => s.breakdown.objectives)).toEqual([5, 0]);
  });
});

describe('§7.1 two-player variant', () => {
  it('on by default: the station turns one depot clockwise each round; off: the commander turns it', () => {
    expect(initialGameState(2, 'variant').step).toBe('turns');
    const off = initialGameState(2, 'variant', { twoPlayerVariant: false });
    expect(off.step).toBe('rotate');
    expect(off.objectives).toHaveLength(3); // three shared neighbour objectives either way
  });
});
