/**
 * Choosing boards before round 1 (R33): the option's validation, the dealt and free choices
 * (listed, decided by the listing, private until every player has chosen), and `seats` fixing a
 * board whatever the option says.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../game/core/types';
import { SYMMETRIC_PLANET } from '../../game/data';
import { PLAYABLE_PLANETS } from '../../game/content/planets';
import { applyAction, legalActions, stageOf } from '../../game/engine';
import { initialGameState } from '../../game/match';
import { matchOptionsFrom, validateSetupData } from '../../game/setup-data';
import { BOTS, playGame, type BotFn } from '../../game/sim';
import { playerView } from '../../game/view';
import { why } from '../support/why';

const planetsListed = (state: GameState, player: string) =>
  legalActions(state, player).map((a) => (a.type === 'chooseBoard' ? a.planet : a.type));

describe('R33 the boards option', () => {
  it('accepts symmetric, dealt and free, and refuses anything else in plain words', () => {
    for (const boards of ['symmetric', 'dealt', 'free']) expect(validateSetupData({ boards }, 3)).toBeNull();
    expect(validateSetupData({ boards: 'random' }, 3)).toBe('boards must be one of: symmetric, dealt, free.');
    expect(validateSetupData({ boards: 2 }, 3)).toMatch(/boards must be one of/);
    expect(() => matchOptionsFrom(2, { boards: 'any' as never })).toThrow(/boards must be one of/);
  });

  it('symmetric (the default) deals KSB-4156 to all and asks nothing before round 1', () => {
    const state = initialGameState(3, 'boards-default');
    expect(state.options.boards).toBe('symmetric');
    expect(state.step).not.toBe('boards');
    for (const p of state.playerIDs) expect(state.boards[p]?.planet).toBe(SYMMETRIC_PLANET);
  });

  it('seats fixes a board: that seat chooses nothing, the others do', () => {
    const state = initialGameState(3, 'boards-fixed', { boards: 'free', seats: [{ planet: 'gaia' }] });
    expect(state.step).toBe('boards');
    expect(stageOf(state, '0')).toBeNull();
    expect(legalActions(state, '0')).toEqual([]);
    expect(why(applyAction(state, '0', { type: 'chooseBoard', planet: 'petra' }))).toMatch(/not your turn/i);
    expect(planetsListed(state, '1')).toEqual([...PLAYABLE_PLANETS]);
    expect(applyAction(state, '1', { type: 'chooseBoard', planet: 'petra' })).toBeNull();
    expect(applyAction(state, '2', { type: 'chooseBoard', planet: 'petra' })).toBeNull();
    expect(state.options.seats.map((s) => s.planet)).toEqual(['gaia', 'petra', 'petra']);
    expect(state.boards['0']?.planet).toBe('gaia');
  });
});

describe('R33 dealt: a private, simultaneous choice of side', () => {
  it('deals each seat a distinct asymmetric planet, offered with the symmetric side; seeded', () => {
    const state = initialGameState(6, 'boards-dealt', { boards: 'dealt' });
    expect(state.step).toBe('boards');
    expect(state.round).toBe(0);
    const dealt = state.playerIDs.map((p) => {
      const listed = planetsListed(state, p);
      expect(listed).toHaveLength(2);
      expect(listed[1]).toBe(SYMMETRIC_PLANET);
      return listed[0];
    });
    expect(new Set(dealt).size).toBe(6);
    expect(dealt).not.toContain(SYMMETRIC_PLANET);
    // The same seed deals the same planets.
    const again = initialGameState(6, 'boards-dealt', { boards: 'dealt' });
    expect(again.playerIDs.map((p) => planetsListed(again, p)[0])).toEqual(dealt);
  });

  it('the listing decides; nobody sees a choice until all have chosen; round 1 starts with the chosen planets', () => {
    const state = initialGameState(3, 'boards-hidden', { boards: 'dealt' });
    const [dealt0, dealt1] = [planetsListed(state, '0')[0], planetsListed(state, '1')[0]] as [string, string];
    // Not listed: refused with the list, nothing changed.
    const before = JSON.stringify(state);
    expect(why(applyAction(state, '0', { type: 'chooseBoard', planet: dealt1 }))).toMatch(
      /is not one of the planets you may choose.*R33/,
    );
    expect(why(applyAction(state, '0', { type: 'chooseBoard', planet: 42 } as never))).toMatch(/not one of/);
    expect(JSON.stringify({ ...state, private: null })).toBe(
      JSON.stringify({ ...JSON.parse(before), private: null }),
    );
    // Player 0 keeps its dealt planet: listed, so accepted; once only.
    const listed = legalActions(state, '0')[0] as Action;
    expect(applyAction(state, '0', listed)).toBeNull();
    expect(legalActions(state, '0')).toEqual([]);
    expect(why(applyAction(state, '0', listed))).toMatch(/not your turn/i);
    expect(state.step).toBe('boards');
    // Others see that player 0 has chosen, not what; its board still shows the symmetric face.
    for (const viewer of ['1', '2', null]) {
      const view = playerView(state, viewer);
      expect(view.confirmed['0']).toBe(true);
      expect(view.private['0']?.boardChoice ?? null).toBeNull();
      expect(view.private['0']?.boardOffer ?? null).toBeNull();
      expect(view.boards['0']?.planet).toBe(SYMMETRIC_PLANET);
      expect(JSON.stringify(view.log)).not.toContain('log.choseBoard');
    }
    expect(playerView(state, '0').private['0']?.boardChoice).toBe(dealt0);
    // Player 1 turns its board to the symmetric side, player 2 keeps its dealt planet.
    expect(applyAction(state, '1', { type: 'chooseBoard', planet: SYMMETRIC_PLANET })).toBeNull();
    expect(applyAction(state, '2', legalActions(state, '2')[0] as Action)).toBeNull();
    expect(state.round).toBe(1);
    expect(state.step).not.toBe('boards');
    expect(state.boards['0']?.planet).toBe(dealt0);
    expect(state.boards['1']?.planet).toBe(SYMMETRIC_PLANET);
    expect(state.options.seats[0]?.planet).toBe(dealt0);
    expect(state.log.filter((e) => e.message.code === 'log.choseBoard')).toHaveLength(3);
    for (const p of state.playerIDs) expect(state.private[p]?.boardChoice ?? null).toBeNull();
    expect(dealt1).not.toBe(dealt0);
  });

  it('then private objectives, if dealt, before round 1', () => {
    const state = initialGameState(2, 'boards-objectives', { boards: 'dealt', privateObjectives: true });
    expect(state.step).toBe('boards');
    for (const p of state.playerIDs)
      expect(applyAction(state, p, legalActions(state, p)[0] as Action)).toBeNull();
    expect(state.step).toBe('objectives');
    expect(state.round).toBe(0);
  });
});

describe('R33 free: any planet, several seats may pick the same', () => {
  it('lists every playable planet, and round 1 starts on the picks', () => {
    const state = initialGameState(2, 'boards-free', { boards: 'free' });
    for (const p of state.playerIDs) expect(planetsListed(state, p)).toEqual([...PLAYABLE_PLANETS]);
    expect(why(applyAction(state, '0', { type: 'chooseBoard', planet: 'vulcan' }))).toMatch(/not one of/);
    expect(applyAction(state, '0', { type: 'chooseBoard', planet: 'lacuna' })).toBeNull();
    expect(playerView(state, '1').boards['0']?.planet).toBe(SYMMETRIC_PLANET);
    expect(applyAction(state, '1', { type: 'chooseBoard', planet: 'lacuna' })).toBeNull();
    expect(state.round).toBe(1);
    for (const p of state.playerIDs) expect(state.boards[p]?.planet).toBe('lacuna');
  });

  it('bots choose from their own view and finish the game', () => {
    for (const levels of [
      ['random', 'cadet'],
      ['pilot', 'random'],
    ]) {
      const bots = levels.map((level) => BOTS[level] as BotFn);
      const chosen: string[] = [];
      const { state } = playGame({
        numPlayers: 2,
        seed: `boards-${levels.join()}`,
        setupData: { boards: 'dealt' },
        bots,
        onAction: (_state, _player, action) => {
          if (action.type === 'chooseBoard') chosen.push(action.planet);
        },
      });
      expect(chosen).toHaveLength(2);
      expect(state.result).not.toBeNull();
      expect(state.playerIDs.map((p) => state.boards[p]?.planet)).toEqual(chosen);
    }
  });
});
