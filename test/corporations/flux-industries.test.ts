/**
 * Flux Industries (§8.2): the flux token marks a track, chosen again at every tech milestone; only
 * the latest tech works; its techs give start-of-round movement (R11), a jump to the flux track's
 * next milestone (R7), the flux track's upgrade, meteorites per flux icon and a step per round (R12).
 */
import { describe, expect, it } from 'vitest';
import { playThirtyGames } from '../support/random-games';
import type { Action, Track } from '../../game/core/types';
import { corporationById } from '../../game/data';
import { corporationRules } from '../../game/content/corporations';
import { cellIndex } from '../../game/rules/board';
import { scenario, type Game, type Scenario } from '../support/scenario';
import { autoStep, choicesOf, resolveRefusal } from '../civ-cards/support';

const CORP = corporationById('flux-industries');
const RULES = corporationRules('flux-industries');

/** Player 0 plays Flux Industries on the symmetric planet, its token on `flux`, its tech tracker at `tech`. */
function flux(tech: number, track: Track | null, players = 1): Scenario {
  const s = scenario({ players, setupData: { seats: [{ corporation: 'flux-industries' }] } });
  s.tracker('0', 'tech', tech);
  s.board('0').corp.fluxTrack = track;
  return s;
}

/** A gain the turn opens with, resolved at once: a one-square advance from a card (no ice needed). */
const advanceBy = (g: Game, track: Track): Game => {
  const d = g.draft('0');
  d.pending.push({ id: 900 + d.pending.length, kind: 'advance', track, steps: 1, source: 'card' });
  return g.act('0', { type: 'resolve', item: 900 + d.pending.length - 1 });
};

const kinds = (g: Game) => g.pending('0').map((p) => p.kind);

const abilityUses = (g: Game) =>
  g.legal('0').filter((a): a is Extract<Action, { type: 'useAbility' }> => a.type === 'useAbility');

const use = (ability: string): Action => ({ type: 'useAbility', ability, choice: {} });

describe('Flux Industries: one tech at a time (§8.2, §5.11)', () => {
  it('only the latest tech unlocked works, and a regression brings the previous one back (§8.2, §5.11)', () => {
    const board = flux(0, null).board('0');
    const active = (row: number) => {
      board.trackers.tech = { col: 'tech', row };
      return [...RULES.activeTechEffects(CORP, board)];
    };
    expect(active(2)).toEqual([]);
    expect(active(3)).toEqual(['twoMovesPerRoverOnFluxTerrain']);
    expect(active(6)).toEqual(['fluxToNextMilestone']);
    expect(active(7)).toEqual(['upgradeFluxTrack']);
    expect(active(13)).toEqual(['collectMeteoriteOnFluxTile']);
    expect(active(15)).toEqual(['advanceFluxTrack']);
    expect(active(9)).toEqual(['upgradeFluxTrack']);
  });
});

describe('Flux Industries: the flux token (§8.2)', () => {
  it('starts on no track; each tech milestone claimed asks for its track, the current one allowed (§8.2, R8)', () => {
    const g = flux(2, null).start();
    expect(g.board('0').corp.fluxTrack).toBeNull();
    advanceBy(g, 'tech');
    const item = g.item('0', 'corporation');
    expect(item).toMatchObject({ gain: 'fluxTrack', count: 1, optional: false });
    const tracks = ['civ', 'water', 'biomass', 'rover', 'tech'] as const;
    expect(choicesOf(g, item)).toEqual(tracks.map((track) => ({ track })));
    expect(resolveRefusal(g, item, { track: 'energy' as Track })).toEqual({ code: 'reason.notAChoice' });
    expect(resolveRefusal(g, item, {})).toEqual({ code: 'reason.notAChoice' });
    expect(resolveRefusal(g, item, { done: true })).toEqual({ code: 'reason.notAChoice' });
    g.act('0', { type: 'resolve', item: item.id, choice: { track: 'rover' } });
    expect(g.draft('0').board.corp.fluxTrack).toBe('rover');
    // Landing again on a tech milestone (R8) asks again; keeping the track is a choice.
    g.draft('0').board.trackers.tech = { col: 'tech', row: 2 };
    advanceBy(g, 'tech');
    const again = g.item('0', 'corporation');
    expect(choicesOf(g, again)).toContainEqual({ track: 'rover' });
    g.act('0', { type: 'resolve', item: again.id, choice: { track: 'rover' } });
    expect(g.draft('0').board.corp.fluxTrack).toBe('rover');
  });

  it('the choice is mandatory: the turn is not confirmed with it pending (§8.2, §3.7)', () => {
    const g = flux(2, 'civ').start();
    const first = (type: Action['type']) => g.legal('0').find((a) => a.type === type) as Action;
    g.act('0', first('takeTile')).act('0', first('placeTile'));
    advanceBy(g, 'tech');
    expect(g.refusal('0', { type: 'confirm' })).toEqual({ code: 'reason.resolvePendingFirst', rule: '§3.7' });
  });
});

describe('Flux tech 1: two movements per rover on the flux terrain when the round begins (§8.2, R11)', () => {
  // I-rover-tech at (5, 5): tech (5, 5), rover (5, 6) and (5, 7).
  const round = (tech: number, track: Track | null, rovers: [number, number][]) => {
    const s = flux(tech, track).tile('0', 'I-rover-tech', { orientation: 0, x: 5, y: 5 });
    rovers.forEach((at, id) => s.rover('0', id, at));
    return s.start().draft('0').movement;
  };

  it('counts the rovers standing on the flux track’s terrain into the turn’s pool (§8.2, R11)', () => {
    expect(
      round(3, 'rover', [
        [5, 6],
        [5, 7],
      ]),
    ).toBe(4);
    expect(
      round(3, 'rover', [
        [5, 6],
        [5, 5],
      ]),
    ).toBe(2);
    expect(
      round(3, 'tech', [
        [5, 6],
        [5, 5],
      ]),
    ).toBe(2);
  });

  it('nothing while another tech is the active one, or with the token on no track (§8.2, R11)', () => {
    expect(
      round(5, 'rover', [
        [5, 6],
        [5, 7],
      ]),
    ).toBe(0);
    expect(
      round(3, null, [
        [5, 6],
        [5, 7],
      ]),
    ).toBe(0);
  });
});

describe('Flux tech 2: once in the game, the flux tracker to its next milestone (§8.2, R7)', () => {
  it('claims every square on the way, the milestone included, and is spent for the game (§8.2, R7, §5.11, R4)', () => {
    const g = flux(5, 'biomass').start();
    expect(abilityUses(g)).toEqual([use('fluxToNextMilestone')]);
    g.act('0', use('fluxToNextMilestone'));
    expect(g.level('0', 'biomass')).toBe(3);
    expect(kinds(g)).toEqual(['synergy', 'patch']); // level 2's boost and level 3's patch
    expect(g.draft('0').board.corp.usedThisGame).toEqual(['fluxToNextMilestone']);
    expect(abilityUses(g)).toEqual([]);
    expect(g.refusal('0', use('fluxToNextMilestone'))).toEqual({
      code: 'reason.abilityNotAvailable',
      rule: '§8.2',
    });
    // Undoable like any step (R4).
    g.act('0', { type: 'undo' });
    expect(g.level('0', 'biomass')).toBe(0);
    expect(abilityUses(g)).toEqual([use('fluxToNextMilestone')]);
    g.act('0', use('fluxToNextMilestone'));
    autoStep(g, '0');
    expect(g.state.round).toBe(2);
    expect(abilityUses(g)).toEqual([]); // still spent in a new round (§5.11)
  });

  it('a civ flux track reaches its next civ milestone, the card waiting for the round’s end (§8.2, R3)', () => {
    const g = flux(5, 'civ').tracker('0', 'civ', 3).start();
    g.act('0', use('fluxToNextMilestone'));
    expect(g.level('0', 'civ')).toBe(6);
    expect(g.draft('0').civRanks).toEqual([2]);
  });

  it('on the tech track it unlocks tech 3, which becomes the only active tech, and the token may move (§8.2, R7)', () => {
    const g = flux(5, 'tech').start();
    g.act('0', use('fluxToNextMilestone'));
    expect(g.level('0', 'tech')).toBe(7);
    expect(g.item('0', 'corporation')).toMatchObject({ gain: 'fluxTrack' });
    expect([...RULES.activeTechEffects(CORP, g.draft('0').board)]).toEqual(['upgradeFluxTrack']);
  });

  it('never on water (no milestones), past the last milestone, or once tech 3 is unlocked (§8.2)', () => {
    expect(abilityUses(flux(5, 'water').start())).toEqual([]);
    expect(abilityUses(flux(5, 'rover').tracker('0', 'rover', 6).start())).toEqual([]);
    const later = flux(7, 'biomass').start();
    expect(abilityUses(later)).toEqual([]);
    expect(later.refusal('0', use('fluxToNextMilestone'))).toEqual({
      code: 'reason.abilityNotAvailable',
      rule: '§8.2',
    });
  });
});

describe('Flux tech 3: the flux track’s upgrade (§8.2)', () => {
  const claim = (track: Track, from: number, tech = 7, token: Track | null = track) => {
    const g = flux(tech, token).tracker('0', track, from).start();
    advanceBy(g, track);
    return g;
  };

  it('civ: cards one rank higher, rank 4 staying 4 (§8.2 Open)', () => {
    expect(claim('civ', 2).draft('0').civRanks).toEqual([2]);
    expect(claim('civ', 13).draft('0').civRanks).toEqual([4]);
  });

  it('water: a synergy square gives two boosts (§8.2)', () => {
    expect(kinds(claim('water', 2))).toEqual(['synergy', 'synergy']);
  });

  it('biomass: a milestone gives two patches (§8.2)', () => {
    expect(kinds(claim('biomass', 2))).toEqual(['patch', 'patch']);
  });

  it('rover: +1 on the rover track’s movement values and on the ∞ top (§8.2, R5)', () => {
    expect(claim('rover', 3).draft('0').movement).toBe(3);
    const top = flux(7, 'rover').tracker('0', 'rover', 15).depot('0', { small: 'i-water-rover' }).start();
    top.take('0').place('0', 0, 11, 5).resolve('0', 'advance', undefined, 'rover');
    expect(top.draft('0').movement).toBe(4);
  });

  it('only the flux track, only while tech 3 is the active tech; tech has no upgrade (§8.2)', () => {
    expect(kinds(claim('water', 2, 7, 'biomass'))).toEqual(['synergy']);
    expect(kinds(claim('water', 2, 10))).toEqual(['synergy']);
    expect(claim('rover', 3, 10).draft('0').movement).toBe(2);
    expect(kinds(claim('tech', 11))).toEqual(['synergy']);
  });
});

describe('Flux tech 4: a meteorite collected per flux icon on a placed tile (§8.2)', () => {
  const place = (track: Track, tech = 10, meteorites: [number, number][] = [[2, 5]]) => {
    const s = flux(tech, track).depot('0', { small: 'i-biomass-civ-M' });
    if (meteorites.length) s.meteorite('0', ...meteorites);
    // The tile's meteorite lands on its civ square (11, 6).
    return s.start().take('0').place('0', 0, 11, 5);
  };

  it('a civ icon with civ the flux track: one meteorite from the planet, its own included (§8.2)', () => {
    const g = place('civ');
    const item = g.item('0', 'collect');
    expect(item).toMatchObject({ item: 'meteorite', count: 1 });
    expect(choicesOf(g, item)).toEqual([
      { x: 2, y: 5 },
      { x: 11, y: 6 },
    ]);
    g.act('0', { type: 'resolve', item: item.id, choice: { x: 11, y: 6 } });
    expect(g.draft('0').board.collected.meteorites).toBe(1);
    expect(g.draft('0').board.meteorites).toEqual([cellIndex(2, 5)]);
  });

  it('nothing for a tile without the flux resource, or while another tech is active (§8.2)', () => {
    expect(kinds(place('water'))).not.toContain('collect');
    expect(kinds(place('civ', 7))).not.toContain('collect');
  });
});

describe('Flux tech 5: once per round, the flux tracker up one square (§8.2, R12)', () => {
  it('claims the square reached, once a round, and comes back when the next round starts (§8.2, R12)', () => {
    const g = flux(14, 'water').tracker('0', 'water', 2).start();
    expect(abilityUses(g)).toEqual([use('advanceFluxTrack')]);
    expect(
      g.refusal('0', { type: 'useAbility', ability: 'advanceFluxTrack', choice: { track: 'civ' } }),
    ).toEqual({ code: 'reason.abilityChoice', rule: '§8.2' });
    g.act('0', use('advanceFluxTrack'));
    expect(g.level('0', 'water')).toBe(3);
    expect(kinds(g)).toEqual(['synergy']);
    expect(abilityUses(g)).toEqual([]);
    expect(g.refusal('0', use('advanceFluxTrack'))).toEqual({
      code: 'reason.abilityNotAvailable',
      rule: '§8.2',
    });
    autoStep(g, '0');
    expect(g.state.round).toBe(2);
    expect(abilityUses(g)).toEqual([use('advanceFluxTrack')]);
  });

  it('not at the top of the flux track, nor with the token on no track (§8.2, §5.3)', () => {
    expect(abilityUses(flux(14, 'water').tracker('0', 'water', 15).start())).toEqual([]);
    expect(abilityUses(flux(14, null).start())).toEqual([]);
  });
});

describe('Flux Industries random games (§8.2)', () => {
  it('30 games for 1–6 players end without error, scores equal to their breakdowns (§8.2)', () => {
    playThirtyGames({ corporation: 'flux-industries' }, 'flux');
  });
});
