/**
 * Choosing boards before round 1 (R33): the option's validation, the dealt and free choices of a
 * planet and a corporation (listed, decided by the listing, private until every player has
 * chosen), and `seats` fixing a planet or a corporation whatever the option says (never dealt to
 * another seat; named twice only where several seats may have it). The playable corporations are
 * read from the registry, never listed here: they become playable one by one.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../game/core/types';
import { SYMMETRIC_CORPORATION, SYMMETRIC_PLANET, corporationById } from '../../game/data';
import { PLAYABLE_CORPORATIONS } from '../../game/content/corporations';
import { PLAYABLE_PLANETS } from '../../game/content/planets';
import { applyAction, legalActions, stageOf } from '../../game/engine';
import { initialGameState } from '../../game/match';
import { createRng } from '../../game/core/prng';
import { matchOptionsFrom, validateSetupData } from '../../game/setup-data';
import { BOTS, playGame, type BotFn } from '../../game/sim';
import { playerView } from '../../game/view';
import { refusal } from '../support/why';

type Pick = Extract<Action, { type: 'chooseBoard' }>;

const picks = (state: GameState, player: string): Pick[] =>
  legalActions(state, player).filter((a): a is Pick => a.type === 'chooseBoard');
const distinct = (ids: string[]) => [...new Set(ids)];
const planetsListed = (state: GameState, player: string) =>
  distinct(picks(state, player).map((a) => a.planet));
const corporationsListed = (state: GameState, player: string) =>
  distinct(picks(state, player).map((a) => a.corporation));
/** Every planet with every corporation, planet by planet: what the listing holds. */
const pairs = (planets: readonly string[], corporations: readonly string[]): Pick[] =>
  planets.flatMap((planet) =>
    corporations.map((corporation) => ({ type: 'chooseBoard' as const, planet, corporation })),
  );
const ASYMMETRIC_CORPORATIONS = PLAYABLE_CORPORATIONS.filter((id) => id !== SYMMETRIC_CORPORATION);
const ASYMMETRIC_PLANETS = PLAYABLE_PLANETS.filter((id) => id !== SYMMETRIC_PLANET);
/** The state without its private parts: what a refused choice must leave as it was. */
const publicPart = (state: GameState) => JSON.stringify({ ...state, private: null });

describe('R33 the boards option', () => {
  it('accepts symmetric, dealt and free, and refuses anything else in plain words', () => {
    for (const boards of ['symmetric', 'dealt', 'free']) expect(validateSetupData({ boards }, 3)).toBeNull();
    expect(validateSetupData({ boards: 'random' }, 3)).toBe('boards must be one of: symmetric, dealt, free.');
    expect(validateSetupData({ boards: 2 }, 3)).toMatch(/boards must be one of/);
    expect(() => matchOptionsFrom(2, { boards: 'any' as never })).toThrow(/boards must be one of/);
  });

  it('a corporation named in seats must be playable: the error lists the playable ids', () => {
    const why = validateSetupData({ boards: 'free', seats: [{ corporation: 'acme' }] }, 2);
    expect(why).toBe(`seats[0].corporation must be one of: ${PLAYABLE_CORPORATIONS.join(', ')}.`);
    for (const corporation of PLAYABLE_CORPORATIONS)
      expect(validateSetupData({ seats: [{ corporation }] }, 2)).toBeNull();
  });

  it('a seat names only its planet and its corporation: any other field is refused, not stored', () => {
    expect(validateSetupData({ seats: [{ planet: 'gaia', corporation: 'republic' }] }, 2)).toBeNull();
    expect(validateSetupData({ seats: [{}, { planet: 'gaia', name: 'Ada' }] }, 2)).toBe(
      'seats[1] may name only a planet and a corporation; "name" is not allowed.',
    );
    expect(validateSetupData({ boards: 'free', seats: [{ bot: 'cadet' }] }, 2)).toBe(
      'seats[0] may name only a planet and a corporation; "bot" is not allowed.',
    );
    expect(validateSetupData({ seats: [['gaia']] }, 2)).toBe('seats[0] must be an object.');
  });

  it('dealt gives each asymmetric board to one seat at most, so seats may not name one twice', () => {
    expect(
      validateSetupData({ boards: 'dealt', seats: [{ planet: 'gaia' }, {}, { planet: 'gaia' }] }, 3),
    ).toBe(
      'seats[0] and seats[2] both name the planet gaia: with boards "dealt" each asymmetric planet goes to one seat at most (R33).',
    );
    expect(
      validateSetupData(
        {
          boards: 'dealt',
          seats: [{ planet: 'gaia' }, { corporation: 'republic' }, { corporation: 'republic' }],
        },
        3,
      ),
    ).toBe(
      'seats[1] and seats[2] both name the corporation republic: with boards "dealt" each asymmetric corporation goes to one seat at most (R33).',
    );
    expect(() =>
      matchOptionsFrom(2, { boards: 'dealt', seats: [{ planet: 'petra' }, { planet: 'petra' }] }),
    ).toThrow(/both name the planet petra/);
    // The symmetric sides are for everyone, and distinct asymmetric ones are fine.
    const symmetric = { planet: SYMMETRIC_PLANET, corporation: SYMMETRIC_CORPORATION };
    expect(validateSetupData({ boards: 'dealt', seats: [symmetric, symmetric, symmetric] }, 3)).toBeNull();
    expect(
      validateSetupData(
        { boards: 'dealt', seats: [{ planet: 'gaia' }, { planet: 'petra', corporation: 'republic' }] },
        2,
      ),
    ).toBeNull();
  });

  it('free lets several seats pick the same board, so seats may name one twice there (and in the symmetric default)', () => {
    const twice = [
      { planet: 'gaia', corporation: 'republic' },
      { planet: 'gaia', corporation: 'republic' },
    ];
    for (const boards of ['free', 'symmetric', undefined])
      expect(validateSetupData({ boards, seats: twice }, 2)).toBeNull();
  });

  it('symmetric (the default) gives KSB-4156 and Universal Coalition to all and asks nothing before round 1', () => {
    const state = initialGameState(3, 'boards-default');
    expect(state.options.boards).toBe('symmetric');
    expect(state.step).not.toBe('boards');
    for (const p of state.playerIDs) {
      expect(state.boards[p]?.planet).toBe(SYMMETRIC_PLANET);
      expect(state.boards[p]?.corporation).toBe(SYMMETRIC_CORPORATION);
    }
  });

  it('seats fixes a planet and a corporation: a seat with both fixed chooses nothing, the others choose what is open', () => {
    const state = initialGameState(3, 'boards-fixed', {
      boards: 'free',
      seats: [{ planet: 'gaia', corporation: SYMMETRIC_CORPORATION }, { planet: 'petra' }],
    });
    expect(state.step).toBe('boards');
    expect(stageOf(state, '0')).toBeNull();
    expect(legalActions(state, '0')).toEqual([]);
    const anyPick: Pick = { type: 'chooseBoard', planet: 'petra', corporation: SYMMETRIC_CORPORATION };
    expect(refusal(applyAction(state, '0', anyPick))).toEqual({ code: 'reason.notYourTurn' });
    // Seat 1's planet is fixed: it chooses its corporation only (nothing at all while only one is playable).
    expect(picks(state, '1')).toEqual(
      PLAYABLE_CORPORATIONS.length > 1 ? pairs(['petra'], PLAYABLE_CORPORATIONS) : [],
    );
    expect(picks(state, '2')).toEqual(pairs(PLAYABLE_PLANETS, PLAYABLE_CORPORATIONS));
    const last = PLAYABLE_CORPORATIONS[PLAYABLE_CORPORATIONS.length - 1] as string;
    if (stageOf(state, '1')) expect(applyAction(state, '1', { ...anyPick, corporation: last })).toBeNull();
    // Refused with the corporations seat 2 may choose.
    expect(applyAction(state, '2', { ...anyPick, planet: 'gaia', corporation: 'acme' })).toEqual({
      code: 'reason.corporationNotOffered',
      rule: 'R33',
      values: { corporation: 'acme', corporations: PLAYABLE_CORPORATIONS },
    });
    expect(applyAction(state, '2', { ...anyPick, corporation: last })).toBeNull();
    expect(state.round).toBe(1);
    expect(state.options.seats.map((s) => s.planet)).toEqual(['gaia', 'petra', 'petra']);
    expect(state.options.seats.map((s) => s.corporation)).toEqual([SYMMETRIC_CORPORATION, last, last]);
    expect(state.playerIDs.map((p) => state.boards[p]?.corporation)).toEqual([
      SYMMETRIC_CORPORATION,
      last,
      last,
    ]);
  });
});

describe('R33 dealt: a private, simultaneous choice of sides', () => {
  it('deals each seat a distinct asymmetric planet and a distinct asymmetric corporation, each offered with its symmetric side; seeded', () => {
    const state = initialGameState(6, 'boards-dealt', { boards: 'dealt' });
    expect(state.step).toBe('boards');
    expect(state.round).toBe(0);
    const dealtPlanets: string[] = [];
    const dealtCorporations: string[] = [];
    for (const p of state.playerIDs) {
      const planets = planetsListed(state, p);
      const corporations = corporationsListed(state, p);
      expect(planets).toHaveLength(2);
      expect(planets[1]).toBe(SYMMETRIC_PLANET);
      dealtPlanets.push(planets[0] as string);
      expect(corporations[corporations.length - 1]).toBe(SYMMETRIC_CORPORATION);
      if (corporations.length === 2) dealtCorporations.push(corporations[0] as string);
      // Each side of each: the listing is every planet offered with every corporation offered.
      expect(picks(state, p)).toEqual(pairs(planets, corporations));
    }
    expect(new Set(dealtPlanets).size).toBe(6);
    expect(dealtPlanets).not.toContain(SYMMETRIC_PLANET);
    // As many seats as there are asymmetric corporations playable (up to six) get one, all different.
    expect(dealtCorporations).toHaveLength(Math.min(6, ASYMMETRIC_CORPORATIONS.length));
    expect(new Set(dealtCorporations).size).toBe(dealtCorporations.length);
    for (const id of dealtCorporations) expect(corporationById(id).side).toBe('asymmetric');
    // The same seed deals the same planets and corporations.
    const again = initialGameState(6, 'boards-dealt', { boards: 'dealt' });
    for (const p of state.playerIDs) expect(picks(again, p)).toEqual(picks(state, p));
  });

  it('a planet or corporation that seats fixes for one seat is never dealt to another', () => {
    // Seat 0 keeps Gaia and Republic; whatever the seed, the others are dealt neither.
    for (let k = 0; k < 40; k++) {
      const state = initialGameState(6, `boards-fixed-dealt-${k}`, {
        boards: 'dealt',
        seats: [{ planet: 'gaia', corporation: 'republic' }],
      });
      expect(legalActions(state, '0')).toEqual([]);
      for (const p of state.playerIDs.slice(1)) {
        expect(planetsListed(state, p)).not.toContain('gaia');
        expect(corporationsListed(state, p)).not.toContain('republic');
      }
    }
  });

  it('property: over many seeds and seat counts, dealt boards never repeat an asymmetric board nor deal one fixed by seats', () => {
    for (let k = 0; k < 300; k++) {
      const seed = `boards-dealt-property-${k}`;
      const rng = createRng(seed);
      const players = 1 + rng.int(6);
      // Some seats fix a planet or a corporation: distinct asymmetric ones, or now and then the symmetric side.
      const planetsLeft = [...ASYMMETRIC_PLANETS];
      const corporationsLeft = [...ASYMMETRIC_CORPORATIONS];
      const fix = (left: string[], symmetric: string) => {
        const roll = rng.int(6);
        if (roll === 0) return symmetric;
        return roll < 3 ? (left.splice(rng.int(left.length), 1)[0] as string) : undefined;
      };
      const seats = Array.from({ length: players }, () => {
        const planet = fix(planetsLeft, SYMMETRIC_PLANET);
        const corporation = fix(corporationsLeft, SYMMETRIC_CORPORATION);
        return { ...(planet ? { planet } : {}), ...(corporation ? { corporation } : {}) };
      });
      expect(validateSetupData({ boards: 'dealt', seats }, players)).toBeNull();
      const state = initialGameState(players, seed, { boards: 'dealt', seats });
      // Each seat's boards: the fixed one alone, or one dealt asymmetric board with its symmetric side.
      const held = { planet: [] as string[], corporation: [] as string[] };
      state.playerIDs.forEach((p, i) => {
        for (const part of ['planet', 'corporation'] as const) {
          const symmetric = part === 'planet' ? SYMMETRIC_PLANET : SYMMETRIC_CORPORATION;
          const fixed = seats[i]?.[part];
          const listed = part === 'planet' ? planetsListed(state, p) : corporationsListed(state, p);
          if (fixed) {
            if (listed.length > 0) expect(listed).toEqual([fixed]);
            held[part].push(fixed);
          } else {
            expect(listed).toHaveLength(2);
            expect(listed[1]).toBe(symmetric);
            held[part].push(listed[0] as string);
          }
        }
      });
      for (const part of ['planet', 'corporation'] as const) {
        const symmetric = part === 'planet' ? SYMMETRIC_PLANET : SYMMETRIC_CORPORATION;
        const asymmetric = held[part].filter((id) => id !== symmetric);
        expect(new Set(asymmetric).size, `${seed}: ${part}s ${held[part].join(', ')}`).toBe(
          asymmetric.length,
        );
      }
      // Every player keeps what was dealt: the game goes on with no asymmetric board twice.
      for (const p of state.playerIDs) {
        const keep = picks(state, p)[0];
        if (keep) expect(applyAction(state, p, keep)).toBeNull();
      }
      expect(state.step).not.toBe('boards');
      const boards = state.playerIDs.map((p) => state.boards[p]);
      const planets = boards.map((b) => b?.planet).filter((id) => id !== SYMMETRIC_PLANET);
      const corporations = boards.map((b) => b?.corporation).filter((id) => id !== SYMMETRIC_CORPORATION);
      expect(new Set(planets).size).toBe(planets.length);
      expect(new Set(corporations).size).toBe(corporations.length);
      expect(boards.map((b) => b?.planet)).toEqual(held.planet);
      expect(boards.map((b) => b?.corporation)).toEqual(held.corporation);
    }
  });

  it('over a few seeds every playable asymmetric corporation is dealt to someone', () => {
    const seen = new Set<string>();
    for (let k = 0; k < 12; k++) {
      const state = initialGameState(6, `boards-deck-${k}`, { boards: 'dealt' });
      for (const p of state.playerIDs) for (const id of corporationsListed(state, p)) seen.add(id);
    }
    expect([...seen].sort()).toEqual([...PLAYABLE_CORPORATIONS].sort());
  });

  it('the listing decides; nobody sees a choice until all have chosen; round 1 starts with the chosen boards', () => {
    const state = initialGameState(3, 'boards-hidden', { boards: 'dealt' });
    const [mine, theirs] = [picks(state, '0')[0], picks(state, '1')[0]] as [Pick, Pick];
    const before = publicPart(state);
    // Not listed: refused with the list, nothing changed.
    expect(refusal(applyAction(state, '0', { ...mine, planet: theirs.planet }))).toEqual({
      code: 'reason.boardNotOffered',
      rule: 'R33',
    });
    expect(refusal(applyAction(state, '0', { ...mine, planet: 42 } as never))).toEqual({
      code: 'reason.boardNotOffered',
      rule: 'R33',
    });
    expect(applyAction(state, '0', { ...mine, corporation: 'nowhere' })).toEqual({
      code: 'reason.corporationNotOffered',
      rule: 'R33',
      values: { corporation: 'nowhere', corporations: ['oasis-ultd', 'universal-coalition'] },
    });
    if (theirs.corporation !== SYMMETRIC_CORPORATION)
      expect(refusal(applyAction(state, '0', { ...mine, corporation: theirs.corporation }))).toEqual({
        code: 'reason.corporationNotOffered',
        rule: 'R33',
      });
    const { corporation: _none, ...planetOnly } = mine;
    expect(applyAction(state, '0', planetOnly as never)).toEqual({
      code: 'reason.corporationNotOffered',
      rule: 'R33',
      values: { corporation: 'undefined', corporations: ['oasis-ultd', 'universal-coalition'] },
    });
    expect(publicPart(state)).toBe(before);
    expect(stageOf(state, '0')).toBe('boards');
    // Player 0 keeps both dealt sides: listed, so accepted; once only.
    expect(applyAction(state, '0', mine)).toBeNull();
    expect(legalActions(state, '0')).toEqual([]);
    expect(refusal(applyAction(state, '0', mine))).toEqual({ code: 'reason.notYourTurn' });
    expect(state.step).toBe('boards');
    // Others see that player 0 has chosen, not what; its board still shows the symmetric sides.
    for (const viewer of ['1', '2', null]) {
      const view = playerView(state, viewer);
      expect(view.confirmed['0']).toBe(true);
      expect(view.private['0']).toMatchObject({
        boardChoice: null,
        boardOffer: null,
        corporationChoice: null,
        corporationOffer: null,
      });
      expect(view.boards['0']?.planet).toBe(SYMMETRIC_PLANET);
      expect(view.boards['0']?.corporation).toBe(SYMMETRIC_CORPORATION);
      expect(JSON.stringify(view.log)).not.toContain('log.choseBoard');
      if (mine.corporation !== SYMMETRIC_CORPORATION)
        expect(JSON.stringify(view)).not.toContain(mine.corporation);
      expect(JSON.stringify(view)).not.toContain(`"${mine.planet}"`);
    }
    expect(playerView(state, '0').private['0']).toMatchObject({
      boardChoice: mine.planet,
      corporationChoice: mine.corporation,
    });
    // Player 1 turns both boards to their symmetric sides, player 2 keeps its dealt planet only.
    const symmetric: Pick = {
      type: 'chooseBoard',
      planet: SYMMETRIC_PLANET,
      corporation: SYMMETRIC_CORPORATION,
    };
    expect(applyAction(state, '1', symmetric)).toBeNull();
    const third = picks(state, '2').find((a) => a.corporation === SYMMETRIC_CORPORATION) as Pick;
    expect(third.planet).not.toBe(SYMMETRIC_PLANET);
    expect(applyAction(state, '2', third)).toBeNull();
    expect(state.round).toBe(1);
    expect(state.step).not.toBe('boards');
    expect(state.boards['0']).toMatchObject({ planet: mine.planet, corporation: mine.corporation });
    expect(state.boards['1']).toMatchObject({ planet: SYMMETRIC_PLANET, corporation: SYMMETRIC_CORPORATION });
    expect(state.boards['2']).toMatchObject({ planet: third.planet, corporation: SYMMETRIC_CORPORATION });
    expect(state.options.seats[0]).toEqual({ planet: mine.planet, corporation: mine.corporation });
    // A board is built for its corporation: its rovers are the corporation's (§8.2).
    expect(state.boards['0']?.rovers).toHaveLength(corporationById(mine.corporation).roverCount);
    const log = state.log.filter((e) => e.message.code === 'log.choseBoard');
    expect(log).toHaveLength(3);
    expect(log[0]?.message.values).toMatchObject({ corporation: mine.corporation, planet: mine.planet });
    for (const p of state.playerIDs)
      expect(state.private[p]).toMatchObject({ boardChoice: null, corporationChoice: null });
    expect(theirs.planet).not.toBe(mine.planet);
  });

  it('then private objectives, if dealt, before round 1', () => {
    const state = initialGameState(2, 'boards-objectives', { boards: 'dealt', privateObjectives: true });
    expect(state.step).toBe('boards');
    for (const p of state.playerIDs)
      expect(applyAction(state, p, legalActions(state, p)[0] as Action)).toBeNull();
    expect(state.step).toBe('objectives');
    expect(state.round).toBe(0);
  });

  it('a match stored while its players chose only planets still lists them, with the seat’s corporation', () => {
    const state = initialGameState(2, 'boards-stored', { boards: 'dealt' });
    for (const p of state.playerIDs) delete state.private[p]?.corporationOffer;
    expect(picks(state, '0')).toEqual(pairs(planetsListed(state, '0'), [SYMMETRIC_CORPORATION]));
    for (const p of state.playerIDs) expect(applyAction(state, p, picks(state, p)[0] as Action)).toBeNull();
    expect(state.round).toBe(1);
    for (const p of state.playerIDs) expect(state.boards[p]?.corporation).toBe(SYMMETRIC_CORPORATION);
  });
});

describe('R33 free: any planet and any corporation, several seats may pick the same', () => {
  it('lists every playable planet with every playable corporation, and round 1 starts on the picks', () => {
    const state = initialGameState(2, 'boards-free', { boards: 'free' });
    for (const p of state.playerIDs)
      expect(picks(state, p)).toEqual(pairs(PLAYABLE_PLANETS, PLAYABLE_CORPORATIONS));
    const corporation = PLAYABLE_CORPORATIONS[PLAYABLE_CORPORATIONS.length - 1] as string;
    const lacuna: Pick = { type: 'chooseBoard', planet: 'lacuna', corporation };
    expect(refusal(applyAction(state, '0', { ...lacuna, planet: 'vulcan' }))).toEqual({
      code: 'reason.boardNotOffered',
      rule: 'R33',
    });
    expect(refusal(applyAction(state, '0', { ...lacuna, corporation: 'UNIVERSAL-COALITION' }))).toEqual({
      code: 'reason.corporationNotOffered',
      rule: 'R33',
    });
    expect(applyAction(state, '0', lacuna)).toBeNull();
    expect(playerView(state, '1').boards['0']).toMatchObject({
      planet: SYMMETRIC_PLANET,
      corporation: SYMMETRIC_CORPORATION,
    });
    expect(applyAction(state, '1', lacuna)).toBeNull();
    expect(state.round).toBe(1);
    for (const p of state.playerIDs) expect(state.boards[p]).toMatchObject({ planet: 'lacuna', corporation });
  });

  it('bots choose from their own view and finish the game', () => {
    for (const [players, boards, levels] of [
      [2, 'dealt', ['random', 'cadet']],
      [2, 'dealt', ['pilot', 'random']],
      [1, 'free', ['cadet']],
    ] as const) {
      const bots = levels.map((level) => BOTS[level] as BotFn);
      const chosen: { planet: string; corporation: string }[] = [];
      const { state } = playGame({
        numPlayers: players,
        seed: `boards-${levels.join()}`,
        setupData: { boards },
        bots,
        onAction: (_state, _player, action) => {
          if (action.type === 'chooseBoard')
            chosen.push({ planet: action.planet, corporation: action.corporation });
        },
      });
      expect(chosen).toHaveLength(players);
      expect(state.result).not.toBeNull();
      expect(state.playerIDs.map((p) => state.boards[p])).toMatchObject(chosen);
    }
  });
});
