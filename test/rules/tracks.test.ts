import { describe, expect, it } from 'vitest';
import { cellIndex } from '../../game/rules/board';
import { techEffects } from '../../game/rules/tracker-moves';
import { energyOptions } from '../../game/rules/pieces';
import { scenario } from '../support/scenario';

/** A solo game whose depot shows the water/rover domino; placed at (0,5) its water covers ice. */
const soloWith = (small: string) => scenario({ players: 1 }).depot('0', { small });

describe('§5.2 advancing and claiming', () => {
  it('an advance moves one square and claims its reward: water 2 → 3 gives a synergy boost', () => {
    const g = soloWith('i-water-rover').tracker('0', 'water', 2).start();
    g.take('0').place('0', 0, 0, 5).resolve('0', 'advance', undefined, 'water');
    expect(g.level('0', 'water')).toBe(3);
    expect(g.pending('0').map((p) => p.kind)).toContain('synergy');
  });

  it('R7: tech 4 doubles water from a placement on ice, claiming both squares one at a time', () => {
    const g = soloWith('i-water-rover').tracker('0', 'water', 1).tracker('0', 'tech', 10).start();
    g.take('0').place('0', 0, 0, 5);
    expect(g.item('0', 'advance', 'water')).toMatchObject({ steps: 2 });
    g.resolve('0', 'advance', undefined, 'water');
    expect(g.level('0', 'water')).toBe(3);
    expect(g.pending('0').filter((p) => p.kind === 'synergy')).toHaveLength(1); // claimed at 3
  });
});

describe('§5.3 top of the track and R5 rover ∞', () => {
  it('an advance aimed at a tracker on its top square is lost', () => {
    const g = soloWith('i-water-rover').tracker('0', 'water', 15).start();
    g.take('0').place('0', 0, 0, 5).resolve('0', 'advance', undefined, 'water');
    expect(g.level('0', 'water')).toBe(15);
  });

  it('with the rover tracker at the top, each placed tile with a rover icon gives the top movement (4)', () => {
    const g = soloWith('i-water-rover').tracker('0', 'rover', 15).start();
    g.take('0').place('0', 0, 0, 5).resolve('0', 'advance', undefined, 'rover');
    expect(g.draft('0').movement).toBe(4);
  });

  it('R6: with tech 3 the ∞ movement gets its +1 too', () => {
    const g = soloWith('i-water-rover').tracker('0', 'rover', 15).tracker('0', 'tech', 7).start();
    g.take('0').place('0', 0, 0, 5).resolve('0', 'advance', undefined, 'rover');
    expect(g.draft('0').movement).toBe(5);
  });

  it('a synergy boost cannot pick a tracker at its top, the rover included (§5.5)', () => {
    const g = soloWith('i-water-rover')
      .tracker('0', 'water', 2)
      .tracker('0', 'rover', 15)
      .tracker('0', 'civ', 15)
      .start();
    g.take('0').place('0', 0, 0, 5).resolve('0', 'advance', undefined, 'water');
    const synergy = g.item('0', 'synergy');
    const offered = g.legal('0').filter((a) => a.type === 'resolve' && a.item === synergy.id);
    expect(offered.map((a) => a.type === 'resolve' && a.choice?.track)).toEqual(['water', 'biomass', 'tech']);
    expect(g.refusal('0', { type: 'resolve', item: synergy.id, choice: { track: 'civ' } })).toEqual({
      code: 'reason.trackAtTop',
      rule: '§5.3',
    });
  });
});

describe('§5.5 synergy boosts', () => {
  it('may advance the very tracker whose square gave the boost', () => {
    const g = soloWith('i-water-rover').tracker('0', 'water', 2).start();
    g.take('0')
      .place('0', 0, 0, 5)
      .resolve('0', 'advance', undefined, 'water')
      .resolve('0', 'synergy', { track: 'water' });
    expect(g.level('0', 'water')).toBe(4);
  });
});

describe('§5.7 civ milestones (R3)', () => {
  it('the card is picked at the end of the round from the whole rank pile; the rest go back', () => {
    const g = scenario({ players: 1 })
      .depot('0', { small: 'i-biomass-civ' })
      .tracker('0', 'civ', 2)
      .civPile(1, 6, 7)
      .start();
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0');
    expect(g.draft('0').civRanks).toEqual([1]);
    g.confirm('0');
    expect(g.state.step).toBe('civ');
    expect(g.state.private['0']?.civOffer).toEqual({ rank: 1, cards: [6, 7] });
    g.act('0', { type: 'pickCiv', card: 7 });
    expect(g.board('0').civCards).toEqual([{ id: 7, rank: 1, timing: 'endGame' }]);
    expect(g.state.hidden.civPiles[1]).toEqual([6]);
    expect(g.state.step).toBe('turns'); // an End Game card needs nothing now: the next round begins
  });

  it('a milestone of a rank whose pile is empty gives nothing', () => {
    const g = scenario({ players: 1 })
      .depot('0', { small: 'i-biomass-civ' })
      .tracker('0', 'civ', 2)
      .civPile(1)
      .start();
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
    expect(g.state.private['0']?.civOffer).toBeNull();
    expect(g.state.round).toBe(2);
  });
});

describe('§5.9 biomass patches', () => {
  it('a biomass milestone gives a patch placed next to a tile; elsewhere it is refused', () => {
    const g = soloWith('i-tech-biomass').tracker('0', 'biomass', 2).start();
    g.take('0').place('0', 0, 11, 5).resolve('0', 'advance', undefined, 'biomass');
    const patch = g.item('0', 'patch');
    expect(g.refusal('0', { type: 'resolve', item: patch.id, choice: { x: 5, y: 5 } })).toEqual({
      code: 'reason.patchMustTouch',
      rule: '§5.9',
    });
    g.resolve('0', 'patch', { x: 10, y: 5 });
    const b = g.draft('0').board;
    expect(b.terrain[cellIndex(10, 5)]).toBe('biomass');
    expect(b.icon[cellIndex(10, 5)]).toBeNull();
  });

  it('with Universal Coalition tech 2 the patch may be stored and is placed at the end of the game (§6.2)', () => {
    const g = soloWith('i-tech-biomass').tracker('0', 'biomass', 2).tracker('0', 'tech', 5).start();
    g.take('0')
      .place('0', 0, 11, 5)
      .resolve('0', 'advance', undefined, 'biomass')
      .resolve('0', 'patch', { store: true });
    expect(g.draft('0').board.storedPatches).toBe(1);
    g.resolveAdvances('0').confirm('0');
    // End the game now: the stored patch must be placed before scoring.
    g.state.endTriggers.push('depotEmpty');
    expect(g.board('0').storedPatches).toBe(1);
  });
});

describe('§5.10 rovers', () => {
  it('a rover milestone puts a rover on a square of the tile just placed, collecting the meteorite there', () => {
    const g = soloWith('i-water-rover-M').start();
    g.take('0').place('0', 0, 0, 5).resolve('0', 'advance', undefined, 'rover');
    expect(
      g.refusal('0', { type: 'resolve', item: g.item('0', 'rover').id, choice: { x: 3, y: 3 } }),
    ).toEqual({ code: 'reason.roverOnLastTile', rule: '§5.10.1' });
    g.resolve('0', 'rover', { x: 0, y: 6 });
    expect(g.draft('0').board.collected.meteorites).toBe(1);
    expect(g.draft('0').board.meteorites).toEqual([]);
  });

  it('R2: movement goes to a pool spent in any split, before or after placing; unspent movement is lost', () => {
    const s = soloWith('i-water-rover')
      .tile('0', 'I-civ-energy', { orientation: 0, x: 10, y: 4 })
      .rover('0', 0, [10, 5])
      .tracker('0', 'rover', 1)
      .lifepods('0', [9, 5]);
    const g = s.start();
    g.take('0').place('0', 0, 10, 7).resolve('0', 'advance', undefined, 'rover'); // rover 1 → 2: move 1
    expect(g.draft('0').movement).toBe(1);
    expect(
      g.refusalMessage('0', {
        type: 'moveRover',
        rover: 0,
        path: [
          [9, 5],
          [8, 5],
        ],
      }),
    ).toEqual({ code: 'reason.pathTooLong', rule: '§5.10.2', values: { need: 2, have: 1 } });
    g.act('0', { type: 'moveRover', rover: 0, path: [[9, 5]] });
    expect(g.draft('0').board.collected.lifepods).toBe(1);
    expect(g.draft('0').movement).toBe(0);
  });

  it('R6: Universal Coalition tech 3 adds one to every movement gain', () => {
    const g = soloWith('i-water-rover').tracker('0', 'rover', 1).tracker('0', 'tech', 7).start();
    g.take('0').place('0', 0, 0, 5).resolve('0', 'advance', undefined, 'rover');
    expect(g.draft('0').movement).toBe(2);
  });

  it('a rover steps orthogonally onto planet squares only (§5.10.3)', () => {
    const g = soloWith('i-water-rover').rover('0', 0, [0, 5]).start();
    g.draft('0').movement = 3;
    expect(g.refusal('0', { type: 'moveRover', rover: 0, path: [[1, 6]] })).toEqual({
      code: 'reason.notReachable',
      rule: '§5.10.3',
    });
    expect(g.refusal('0', { type: 'moveRover', rover: 0, path: [[0, 4]] })).toEqual({
      code: 'reason.notReachable',
      rule: '§5.10.3',
    }); // (0,4) is off the planet
    expect(g.refusal('0', { type: 'moveRover', rover: 1, path: [[1, 5]] })).toEqual({
      code: 'reason.roverInBay',
      rule: '§5.10.1',
    });
  });
});

describe('§5.11 techs', () => {
  it('a tech is on while the tech tracker stands on or above its milestone, and off below it (R8)', () => {
    const s = scenario({ players: 1 }).tracker('0', 'tech', 7);
    expect([...techEffects(s.board('0'))]).toEqual(['ignoreAdjacency', 'storeBiomass', 'roverMovePlusOne']);
    s.tracker('0', 'tech', 4);
    expect([...techEffects(s.board('0'))]).toEqual(['ignoreAdjacency']);
  });
});

describe('§5.12 energy', () => {
  it('a lone civ/energy tile gives civ twice: its energy can only copy the other resource', () => {
    const g = soloWith('i-civ-energy').start();
    g.take('0').place('0', 0, 11, 5);
    expect(g.item('0', 'energy')).toMatchObject({ options: ['civ'] });
  });

  it('the energy area offers every terrain touching it, across tiles, never bare land', () => {
    const s = scenario({ players: 1 })
      .tile('0', 'i-rover-tech', { orientation: 1, x: 9, y: 5 }) // rover (10,5), tech (9,5)
      .tile('0', 'i-energy-water', { orientation: 0, x: 11, y: 5 }); // energy (11,5), water (11,6)
    const b = s.board('0');
    expect(energyOptions(b, cellIndex(11, 5), 'water')).toEqual(['water', 'rover']);
  });

  it('water chosen through energy needs no ice', () => {
    const g = soloWith('i-energy-water').start();
    g.take('0').place('0', 0, 11, 5); // energy (11,5), water (11,6): land, so the water icon gives nothing
    expect(g.pending('0').map((p) => p.kind)).toEqual(['energy']);
    g.resolve('0', 'energy', { track: 'water' });
    expect(g.level('0', 'water')).toBe(1);
  });
});
