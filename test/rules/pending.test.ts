/**
 * Pending gains (R1): for every kind, the list decides. Each listed choice is accepted, and a near
 * miss (a choice one step away from a listed one) is refused with its reason and the state as it
 * was. Reasons are read with their rule (§ / R numbers).
 */
import { describe, expect, it } from 'vitest';
import type { Choice, PendingItem } from '../../game/core/types';
import { corporationById } from '../../game/data';
import { applyAction } from '../../game/engine';
import { cellIndex } from '../../game/rules/board';
import { tileEffects } from '../../game/rules/pieces';
import { placementCells } from '../../game/rules/legality';
import { tileById } from '../../game/data';
import { scenario, tileId, type Game, type PendingGain } from '../support/scenario';
import { why, type Refusal } from '../support/why';
import type { Reason } from '../../game/core/messages';
import { reveal, withEvents } from '../events/support';

/** The choices the engine lists for the first pending item of a kind. */
function listed(g: Game, kind: PendingItem['kind']): Choice[] {
  const item = g.item('0', kind);
  return g.legal('0').flatMap((a) => (a.type === 'resolve' && a.item === item.id ? [a.choice ?? {}] : []));
}

/** Every listed choice is accepted (each tried on its own copy of the game). */
function everyListedAccepted(g: Game, kind: PendingItem['kind']): void {
  const item = g.item('0', kind);
  const choices = listed(g, kind);
  expect(choices.length).toBeGreaterThan(0);
  for (const choice of choices) {
    const copy = structuredClone(g.state);
    expect(why(applyAction(copy, '0', { type: 'resolve', item: item.id, choice }))).toBeNull();
  }
}

const refused = (g: Game, kind: PendingItem['kind'], choice: Choice): Refusal =>
  g.refusal('0', { type: 'resolve', item: g.item('0', kind).id, choice });

/** As `refused`, with the refusal's values too. */
const refusedMessage = (g: Game, kind: PendingItem['kind'], choice: Choice): Reason =>
  g.refusalMessage('0', { type: 'resolve', item: g.item('0', kind).id, choice });

/** A one-player game on the default planet with a tile at the east edge and these gains pending. */
const withGains = (...items: PendingGain[]) =>
  scenario()
    .tile('0', 'I-civ-energy-M', { orientation: 0, x: 11, y: 5 })
    .pending('0', ...items);

describe('pending gains: the list decides (R1)', () => {
  it('advance: resolved with no choice; a choice where none is asked is refused', () => {
    const g = withGains({ kind: 'advance', track: 'water', steps: 1, source: 'card' }).start();
    expect(listed(g, 'advance')).toEqual([{}]);
    expect(refused(g, 'advance', { track: 'civ' })).toEqual({ code: 'reason.noChoiceNeeded' });
    g.resolve('0', 'advance');
    expect(g.level('0', 'water')).toBe(1);
  });

  it('energy: the tile’s other resource or a touching terrain; another track is refused (§5.12)', () => {
    const g = withGains({ kind: 'energy', options: ['civ', 'water'] }).start();
    expect(listed(g, 'energy')).toEqual([{ track: 'civ' }, { track: 'water' }]);
    everyListedAccepted(g, 'energy');
    expect(refusedMessage(g, 'energy', { track: 'rover' })).toEqual({
      code: 'reason.energyOptions',
      rule: '§5.12',
      values: { tracks: ['civ', 'water'] },
    });
    g.resolve('0', 'energy', { track: 'water' });
    expect(g.level('0', 'water')).toBe(1);
  });

  it('synergy: any track that can advance; a tracker at the top is refused (§5.5, §5.3)', () => {
    const top = corporationById(scenario().board('0').corporation).tracks.tech.top;
    const g = withGains({ kind: 'synergy' }).tracker('0', 'tech', top).start();
    expect(listed(g, 'synergy').map((c) => c.track)).toEqual(['civ', 'water', 'biomass', 'rover']);
    everyListedAccepted(g, 'synergy');
    expect(refusedMessage(g, 'synergy', { track: 'tech' })).toEqual({
      code: 'reason.trackAtTop',
      rule: '§5.3',
      values: { track: 'tech' },
    });
    expect(refused(g, 'synergy', {})).toEqual({ code: 'reason.synergyOptions', rule: '§5.5' });
  });

  it('patch: a square touching a piece; one a square too far, or storing without tech 2, is refused (§5.9)', () => {
    const g = withGains({ kind: 'patch' }).start();
    const choices = listed(g, 'patch');
    expect(choices).toContainEqual({ x: 10, y: 6 });
    expect(choices).not.toContainEqual({ store: true });
    everyListedAccepted(g, 'patch');
    expect(refused(g, 'patch', { x: 9, y: 6 })).toEqual({ code: 'reason.patchMustTouch', rule: '§5.9' });
    expect(refused(g, 'patch', { store: true })).toEqual({ code: 'reason.storeNeedsTech', rule: '§5.9' });
    g.resolve('0', 'patch', { x: 10, y: 6 });
    expect(g.draft('0').board.terrain[cellIndex(10, 6)]).toBe('biomass');
  });

  it('rover: a square of the last tile placed; the square beside it is refused (§5.10.1)', () => {
    const g = withGains({ kind: 'rover' }).start();
    expect(listed(g, 'rover')).toEqual([
      { x: 11, y: 5 },
      { x: 11, y: 6 },
      { x: 11, y: 7 },
    ]);
    everyListedAccepted(g, 'rover');
    expect(refused(g, 'rover', { x: 10, y: 6 })).toEqual({ code: 'reason.roverOnLastTile', rule: '§5.10.1' });
    g.resolve('0', 'rover', { x: 11, y: 6 });
    expect(g.draft('0').board.rovers[0]?.cell).toBe(cellIndex(11, 6));
  });

  it('cardAdvance: one of the card’s tracks; another track, or one already moved, is refused (§5.7)', () => {
    const g = withGains({
      kind: 'cardAdvance',
      count: 2,
      stepsEach: 1,
      distinct: true,
      tracks: ['civ', 'water'],
      benefits: 'all',
      chosen: [],
    }).start();
    expect(listed(g, 'cardAdvance')).toEqual([{ track: 'civ' }, { track: 'water' }]);
    everyListedAccepted(g, 'cardAdvance');
    expect(refusedMessage(g, 'cardAdvance', { track: 'rover' })).toEqual({
      code: 'reason.chooseOneOf',
      values: { options: ['civ', 'water'] },
    });
    g.resolve('0', 'cardAdvance', { track: 'civ' });
    expect(listed(g, 'cardAdvance')).toEqual([{ track: 'water' }]);
    expect(refusedMessage(g, 'cardAdvance', { track: 'civ' })).toEqual({
      code: 'reason.alreadyMoved',
      values: { track: 'civ' },
    });
  });

  it('collect: a square holding a lifepod; an empty square, or stopping while one is left, is refused (§3.4)', () => {
    const g = withGains({ kind: 'collect', item: 'lifepod', count: 1 }).lifepods('0', [3, 3], [4, 4]).start();
    expect(listed(g, 'collect')).toEqual([
      { x: 3, y: 3 },
      { x: 4, y: 4 },
    ]);
    everyListedAccepted(g, 'collect');
    expect(refusedMessage(g, 'collect', { x: 3, y: 4 })).toEqual({
      code: 'reason.chooseSquareHolding',
      values: { item: 'lifepod' },
    });
    expect(refused(g, 'collect', { done: true })).toEqual({
      code: 'reason.pieceStillOnPlanet',
      rule: '§3.4',
    });
    g.resolve('0', 'collect', { x: 4, y: 4 });
    expect(g.draft('0').board.collected.lifepods).toBe(1);
    expect(g.pending('0')).toEqual([]);
  });

  it('destroyMeteorites: a square holding a meteorite; the square beside it is refused', () => {
    const g = withGains({ kind: 'destroyMeteorites', count: 2 }).start();
    // The tile's own meteorite landed on (11, 7) (§4.6).
    expect(listed(g, 'destroyMeteorites')).toEqual([{ x: 11, y: 7 }]);
    everyListedAccepted(g, 'destroyMeteorites');
    expect(refusedMessage(g, 'destroyMeteorites', { x: 11, y: 6 })).toEqual({
      code: 'reason.chooseSquareHolding',
      values: { item: 'meteorite' },
    });
    g.resolve('0', 'destroyMeteorites', { x: 11, y: 7 });
    expect(g.draft('0').board.meteorites).toEqual([]);
  });

  it('destroyLine: a row or column holding a meteorite; the row beside it is refused', () => {
    const g = withGains({ kind: 'destroyLine' }).start();
    expect(listed(g, 'destroyLine')).toEqual([
      { line: 'row', index: 7 },
      { line: 'column', index: 11 },
    ]);
    everyListedAccepted(g, 'destroyLine');
    expect(refusedMessage(g, 'destroyLine', { line: 'row', index: 6 })).toEqual({
      code: 'reason.lineNoMeteorite',
      values: { line: 'row' },
    });
    expect(refused(g, 'destroyLine', { line: 'row' })).toEqual({ code: 'reason.chooseLine' });
    g.resolve('0', 'destroyLine', { line: 'column', index: 11 });
    expect(g.draft('0').board.meteorites).toEqual([]);
  });

  it('teleport: any other square of the planet, a rover’s included (R9); its own square or off the grid is refused', () => {
    const g = withGains({ kind: 'teleport' }).rover('0', 0, [11, 5]).rover('0', 1, [11, 6]).start();
    const choices = listed(g, 'teleport');
    expect(choices).toContainEqual({ rover: 0, x: 11, y: 6 });
    expect(choices).not.toContainEqual({ rover: 0, x: 11, y: 5 });
    expect(refused(g, 'teleport', { rover: 0, x: 11, y: 5 })).toEqual({ code: 'reason.roverAlreadyThere' });
    // Column 12 is off the grid; as a cell index it would wrap onto the next row's first square.
    expect(refused(g, 'teleport', { rover: 0, x: 12, y: 5 })).toEqual({ code: 'reason.roverLandPlanet' });
    expect(refused(g, 'teleport', { rover: 2, x: 11, y: 6 })).toEqual({ code: 'reason.chooseRover' });
    g.resolve('0', 'teleport', { rover: 0, x: 11, y: 6 });
    expect(
      g
        .draft('0')
        .board.rovers.slice(0, 2)
        .map((r) => r.cell),
    ).toEqual([cellIndex(11, 6), cellIndex(11, 6)]);
  });

  it('regress: a listed tracker that can move down; one that cannot is refused (§5.4)', () => {
    const g = withGains({ kind: 'regress', tracks: ['civ', 'water'], steps: 2 })
      .tracker('0', 'civ', 3)
      .start();
    expect(listed(g, 'regress')).toEqual([{ track: 'civ' }]);
    everyListedAccepted(g, 'regress');
    expect(refusedMessage(g, 'regress', { track: 'water' })).toEqual({
      code: 'reason.cannotMoveDown',
      rule: '§5.4',
      values: { track: 'water', steps: 2 },
    });
    expect(refusedMessage(g, 'regress', { track: 'rover' })).toEqual({
      code: 'reason.chooseToMoveDown',
      values: { options: ['civ', 'water'] },
    });
    g.resolve('0', 'regress', { track: 'civ' });
    expect(g.level('0', 'civ')).toBe(1);
  });

  it('destroyPiece: a lifepod’s square, or a rover on the planet; a miss is refused', () => {
    const pods = withGains({ kind: 'destroyPiece', item: 'lifepod' }).lifepods('0', [3, 3]).start();
    expect(listed(pods, 'destroyPiece')).toEqual([{ x: 3, y: 3 }]);
    everyListedAccepted(pods, 'destroyPiece');
    expect(refused(pods, 'destroyPiece', { x: 3, y: 4 })).toEqual({ code: 'reason.chooseLifepod' });
    const rovers = withGains({ kind: 'destroyPiece', item: 'rover' }).rover('0', 0, [11, 5]).start();
    expect(listed(rovers, 'destroyPiece')).toEqual([{ rover: 0 }]);
    expect(refused(rovers, 'destroyPiece', { rover: 1 })).toEqual({ code: 'reason.chooseRover' });
    rovers.resolve('0', 'destroyPiece', { rover: 0 });
    expect(rovers.draft('0').board.rovers[0]?.destroyed).toBe(true);
  });

  it('eventMeteorite: an empty meteor symbol; declining a meteorite that must land is refused (§7.3.2)', () => {
    const s = withGains({ kind: 'eventMeteorite', optional: false });
    s.board('0').meteorites = []; // the symbol is empty again
    const g = s.start();
    expect(listed(g, 'eventMeteorite')).toEqual([{ x: 11, y: 7 }]);
    everyListedAccepted(g, 'eventMeteorite');
    expect(refused(g, 'eventMeteorite', { done: true })).toEqual({
      code: 'reason.meteoriteMustLand',
      rule: '§7.3.2',
    });
    expect(refused(g, 'eventMeteorite', { x: 11, y: 6 })).toEqual({ code: 'reason.chooseMeteorSymbol' });
    g.resolve('0', 'eventMeteorite', { x: 11, y: 7 });
    expect(g.draft('0').board.meteorites).toEqual([cellIndex(11, 7)]);
  });

  it('boostOrPeek: a boost or a peek; anything else is refused', () => {
    const g = withGains({ kind: 'boostOrPeek' }).start();
    expect(listed(g, 'boostOrPeek')).toEqual([{ option: 'boost' }, { option: 'peek' }]);
    everyListedAccepted(g, 'boostOrPeek');
    expect(refused(g, 'boostOrPeek', { option: 'boost', track: 'civ' })).toEqual({
      code: 'reason.boostOrPeek',
    });
    g.resolve('0', 'boostOrPeek', { option: 'boost' });
    expect(g.pending('0').map((p) => p.kind)).toEqual(['synergy']);
  });

  it('removeStack: the small or the large stack; anything else is refused', () => {
    const g = withGains({ kind: 'removeStack' }).start();
    expect(listed(g, 'removeStack')).toEqual([{ stack: 'small' }, { stack: 'large' }]);
    everyListedAccepted(g, 'removeStack');
    expect(refused(g, 'removeStack', {})).toEqual({ code: 'reason.chooseStack' });
    g.resolve('0', 'removeStack', { stack: 'large' });
    expect(g.draft('0').removedStack).toBe('large');
  });

  it('discardObjective: one of the player’s objectives; another card is refused (event 110)', () => {
    const g = reveal(withEvents(1, true).depot('0', { small: 'i-biomass-civ' }), 110);
    const mine = [...(g.state.private['0']?.objectives ?? [])];
    expect(listed(g, 'discardObjective')).toEqual(mine.map((card) => ({ card })));
    everyListedAccepted(g, 'discardObjective');
    const notMine = g.state.hidden.objectiveDeck.at(-1) as number;
    expect(refused(g, 'discardObjective', { card: notMine })).toEqual({ code: 'reason.chooseObjective' });
  });

  it('extraTile: a legal placement of a depot tile; one that does not touch the planet’s pieces is refused (§4.4)', () => {
    const g = withGains({ kind: 'extraTile', advance: true }).depot('0', { small: 'i-biomass-civ' }).start();
    const choices = listed(g, 'extraTile');
    expect(choices).toContainEqual({ stack: 'small', orientation: 0, x: 10, y: 5 });
    everyListedAccepted(g, 'extraTile');
    expect(refused(g, 'extraTile', { stack: 'small', orientation: 0, x: 9, y: 5 })).toEqual({
      code: 'reason.mustTouch',
      rule: '§4.4',
    });
    expect(refused(g, 'extraTile', { stack: 'small', x: 10, y: 5 })).toEqual({
      code: 'reason.givePlacement',
    });
    g.resolve('0', 'extraTile', { stack: 'small', orientation: 0, x: 10, y: 5 });
    expect(g.draft('0').extraTaken.map((t) => t.stack)).toEqual(['small']);
  });
});

describe('tileEffects: a tile’s effects before it is placed (§4.5, §4.6, §5.2, §5.12)', () => {
  it('names the lifepods and rovers it destroys, where its meteorite lands and its gains', () => {
    const s = scenario().lifepods('0', [11, 6], [3, 3]);
    s.board('0').rovers[0]!.cell = cellIndex(11, 5);
    const b = s.board('0');
    const id = tileId('I-civ-energy-M');
    const cells = placementCells(tileById(id).shape, { orientation: 0, x: 11, y: 5 });
    const before = JSON.stringify(b);
    expect(tileEffects(b, id, cells)).toEqual({
      meteorite: cellIndex(11, 7),
      destroyedLifepods: [cellIndex(11, 6)],
      destroyedRovers: [0],
      gains: [
        { kind: 'energy', options: ['civ'] },
        { kind: 'advance', track: 'civ', steps: 1 },
      ],
    });
    expect(JSON.stringify(b)).toBe(before);
  });
});

describe('taking a tile: the listed stacks decide (§3.4, §3.5, §4.9, R4)', () => {
  const takes = (g: Game) => g.legal('0').filter((a) => a.type === 'takeTile');

  it('both stacks are listed and either is accepted; a second take is refused (R4)', () => {
    const g = scenario().depot('0', { small: 'i-biomass-civ', large: 'N-civ-energy-M' }).start();
    expect(takes(g)).toEqual([
      { type: 'takeTile', stack: 'small' },
      { type: 'takeTile', stack: 'large' },
    ]);
    g.take('0', 'large');
    expect(takes(g)).toEqual([]);
    expect(g.refusalMessage('0', { type: 'takeTile', stack: 'small' })).toEqual({
      code: 'reason.alreadyTook',
      rule: 'R4',
      values: { stack: 'large' },
    });
  });

  it('an empty stack is not listed and is refused (§3.5)', () => {
    const g = scenario().depot('0', { small: 'i-biomass-civ' }).emptyStack('0', 'large').start();
    expect(takes(g)).toEqual([{ type: 'takeTile', stack: 'small' }]);
    expect(g.refusalMessage('0', { type: 'takeTile', stack: 'large' })).toEqual({
      code: 'reason.stackEmpty',
      rule: '§3.5',
      values: { stack: 'large' },
    });
  });

  it('nothing is listed while the event’s gains wait, and taking is refused naming them (§3.4)', () => {
    const g = scenario().depot('0', { small: 'i-biomass-civ' }).pending('0', { kind: 'synergy' }).start();
    expect(takes(g)).toEqual([]);
    expect(g.refusal('0', { type: 'takeTile', stack: 'small' })).toEqual({
      code: 'reason.resolveEventFirst',
      rule: '§3.4',
    });
    g.resolve('0', 'synergy', { track: 'civ' });
    expect(takes(g).length).toBeGreaterThan(0);
  });
});
