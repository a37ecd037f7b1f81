import { describe, expect, it } from 'vitest';
import { SHAPES, planetById, tileById } from '../../game/data';
import { orientationsOf } from '../../game/core/geometry';
import { cellIndex, cellX, cellY, planetGeometry } from '../../game/rules/board';
import {
  legalPatchCells,
  legalPlacements,
  placementCells,
  placementContext,
  placementError,
} from '../../game/rules/legality';
import { naivePlacements } from '../support/naive-placement';
import { scenario, tileId } from '../support/scenario';
import { refusal } from '../support/why';

const asKeys = (shapeId: number, ps: ReturnType<typeof legalPlacements>) =>
  new Set(
    ps.map((p) =>
      placementCells(shapeId, p)
        .map((c) => `${c % 12},${Math.floor(c / 12)}`)
        .join(' '),
    ),
  );

/** Two tiles in the middle-top of KSB-4156. */
const midGame = () =>
  scenario({ players: 1 })
    .tile('0', 'N-civ-energy', { orientation: 0, x: 4, y: 0 })
    .tile('0', 'O-tech-biomass', { orientation: 0, x: 5, y: 2 });

describe('R21 orientations', () => {
  it('every shape has 8 orientations; those placing every square alike count once', () => {
    const distinct = Object.fromEntries(
      SHAPES.map((s) => [s.name, orientationsOf(s).filter((o) => o.canonical === o.index).length]),
    );
    // Halves and icons make a turned or flipped tile differ even where the outline does not.
    expect(distinct).toEqual({ N: 8, F: 8, I: 4, v: 8, t: 8, s: 8, L: 8, U: 8, i: 4, I4: 4, O: 8, S: 8 });
  });
});

describe('golden counts of legal placements (§4.1–4.4)', () => {
  it('first tile on an empty KSB-4156: every shape, checked square by square against a plain reading', () => {
    const board = scenario({ players: 1 }).board('0');
    const ctx = placementContext(board);
    const counts = Object.fromEntries(SHAPES.map((s) => [s.name, legalPlacements(ctx, s.id).length]));
    expect(counts).toEqual({
      N: 176,
      F: 184,
      I: 96,
      v: 200,
      t: 192,
      s: 192,
      L: 184,
      U: 176,
      i: 104,
      I4: 88,
      O: 192,
      S: 176,
    });
    for (const s of SHAPES)
      expect(asKeys(s.id, legalPlacements(ctx, s.id))).toEqual(naivePlacements(board, s.id));
  });

  it('after two tiles: adjacency replaces the edge rule', () => {
    const board = midGame().board('0');
    const ctx = placementContext(board);
    const counts = Object.fromEntries(SHAPES.map((s) => [s.name, legalPlacements(ctx, s.id).length]));
    expect(counts).toEqual({
      N: 60,
      F: 62,
      I: 32,
      v: 64,
      t: 64,
      s: 62,
      L: 63,
      U: 64,
      i: 32,
      I4: 30,
      O: 64,
      S: 60,
    });
    for (const s of SHAPES)
      expect(asKeys(s.id, legalPlacements(ctx, s.id))).toEqual(naivePlacements(board, s.id));
  });
});

describe('§4.1 legal position: reasons a player reads', () => {
  const board = () => midGame().board('0');
  const domino = tileById(tileId('i-water-rover')).shape;

  it('off the grid', () => {
    expect(
      refusal(placementError(placementContext(board()), domino, { orientation: 0, x: 11, y: 11 })),
    ).toEqual({ code: 'reason.offGrid12', rule: '§4.1' });
  });
  it('on a square that is not part of the planet', () => {
    expect(
      refusal(placementError(placementContext(board()), domino, { orientation: 0, x: 0, y: 0 })),
    ).toEqual({ code: 'reason.notPlanetSquare', rule: '§4.1' });
  });
  it('on a covered square: tiles never overlap', () => {
    expect(
      refusal(placementError(placementContext(board()), domino, { orientation: 0, x: 5, y: 2 })),
    ).toEqual({ code: 'reason.covered', rule: '§4.1' });
  });
  it('an orientation outside 0–7', () => {
    expect(
      refusal(placementError(placementContext(board()), domino, { orientation: 8, x: 5, y: 5 })),
    ).toEqual({ code: 'reason.orientationRange' });
  });
});

describe('§4.3 first tile and §4.4 adjacency', () => {
  const domino = tileById(tileId('i-water-rover')).shape;
  it('the first tile must cover an edge square', () => {
    const ctx = placementContext(scenario({ players: 1 }).board('0'));
    expect(refusal(placementError(ctx, domino, { orientation: 0, x: 5, y: 5 }))).toEqual({
      code: 'reason.firstTileEdge',
      rule: '§4.3',
    });
    expect(placementError(ctx, domino, { orientation: 0, x: 11, y: 5 })).toBeNull();
  });
  it('a later tile must touch a tile or patch already placed (R29: patches count)', () => {
    const s = midGame();
    const ctx = placementContext(s.board('0'));
    expect(refusal(placementError(ctx, domino, { orientation: 0, x: 2, y: 8 }))).toEqual({
      code: 'reason.mustTouch',
      rule: '§4.4',
    });
    s.patch('0', [2, 7]);
    expect(placementError(placementContext(s.board('0')), domino, { orientation: 0, x: 2, y: 8 })).toBeNull();
  });
  it('Universal Coalition tech 1 lifts adjacency and nothing else', () => {
    const s = midGame().tracker('0', 'tech', 3);
    const ctx = placementContext(s.board('0'));
    expect(placementError(ctx, domino, { orientation: 0, x: 2, y: 8 })).toBeNull();
    expect(refusal(placementError(ctx, domino, { orientation: 0, x: 5, y: 2 }))).toEqual({
      code: 'reason.covered',
      rule: '§4.1',
    });
    expect(legalPlacements(ctx, domino).length).toBe(naivePlacements(s.board('0'), domino, true).size);
  });
  it('patches follow adjacency too (§5.9)', () => {
    const cells = legalPatchCells(placementContext(midGame().board('0')));
    expect(cells).toContain(cellIndex(5, 4));
    expect(cells).not.toContain(cellIndex(2, 8));
  });
});

describe('§4.5 destroying lifepods and rovers, §4.6 meteors', () => {
  it('a tile destroys the lifepods and rovers it covers; they are not collected', () => {
    // (7,2) holds a printed lifepod on KSB-4156.
    const s = scenario({ players: 1 })
      .tile('0', 'N-civ-energy', { orientation: 0, x: 4, y: 0 })
      .rover('0', 0, [7, 3]);
    expect(s.board('0').lifepods).toContain(cellIndex(7, 2));
    s.tile('0', 'O-tech-biomass', { orientation: 0, x: 6, y: 2 });
    expect(s.board('0').lifepods).not.toContain(cellIndex(7, 2));
    expect(s.board('0').rovers[0]).toMatchObject({ cell: null, destroyed: true });
    expect(s.board('0').collected).toEqual({ lifepods: 0, meteorites: 0 });
  });

  it("a meteor tile drops a meteorite on its symbol's square as it is placed", () => {
    const g = scenario({ players: 1 }).depot('0', { small: 'i-water-rover-M' }).start();
    g.take('0', 'small').place('0', 0, 0, 5);
    // The domino's meteor symbol is on its second square: (0, 6).
    expect(g.draft('0').board.meteorites).toEqual([cellIndex(0, 6)]);
  });

  it('Universal Coalition tech 5 is immune to meteors', () => {
    const g = scenario({ players: 1 })
      .depot('0', { small: 'i-water-rover-M' })
      .tracker('0', 'tech', 14)
      .start();
    g.take('0', 'small').place('0', 0, 0, 5);
    expect(g.draft('0').board.meteorites).toEqual([]);
  });
});

describe('§4.7 water on ice', () => {
  it('the water icon advances water only when a water square of the tile covers ice', () => {
    // (0,5) and (0,6) are ice; (11,5) and (11,6) are land.
    const onIce = scenario({ players: 1 }).depot('0', { small: 'i-water-rover' }).start();
    onIce.take('0', 'small').place('0', 0, 0, 5);
    expect(
      onIce
        .pending('0')
        .filter((p) => p.kind === 'advance')
        .map((p) => p.kind === 'advance' && p.track),
    ).toEqual(['water', 'rover']);
    const onLand = scenario({ players: 1 }).depot('0', { small: 'i-water-rover' }).start();
    onLand.take('0', 'small').place('0', 0, 11, 5);
    expect(onLand.pending('0').map((p) => p.kind === 'advance' && p.track)).toEqual(['rover']);
  });

  it('ice under the other half does not count', () => {
    // Water on (1,4), land on the edge; the rover half on (1,5), ice.
    const g = scenario({ players: 1 }).depot('0', { small: 'i-water-rover' }).start();
    g.take('0', 'small').place('0', 0, 1, 4);
    expect(g.pending('0').some((p) => p.kind === 'advance' && p.track === 'water')).toBe(false);
  });
});

describe('§4.9 must place if able, §4.10 when neither tile fits', () => {
  /** KSB-4156 covered by patches except the given squares. */
  const nearlyFull = (open: [number, number][]) => {
    const keep = new Set(open.map(([x, y]) => cellIndex(x, y)));
    const covered = planetGeometry(planetById('ksb-4156'))
      .squares.filter((c) => !keep.has(c))
      .map((c) => [cellX(c), cellY(c)] as [number, number]);
    return scenario({ players: 1 }).patch('0', ...covered);
  };

  it('a player must take a tile that fits when one does', () => {
    const g = nearlyFull([
      [5, 5],
      [5, 6],
    ])
      .depot('0', { small: 'i-water-rover', large: 'N-civ-energy' })
      .start();
    expect(g.refusal('0', { type: 'takeTile', stack: 'large' })).toEqual({
      code: 'reason.mustTakePlaceable',
      rule: '§4.9',
    });
    expect(g.legal('0')).toEqual([{ type: 'takeTile', stack: 'small' }]);
  });

  it('neither fits: take one, advance both resources (water without ice, energy copies water), the game ends after the round', () => {
    const g = nearlyFull([[5, 5]])
      .depot('0', { small: 'i-energy-water', large: 'N-civ-energy' })
      .start();
    g.take('0', 'small');
    expect(g.draft('0')).toMatchObject({ placed: true, unplaceable: true });
    expect(g.pending('0').map((p) => p.kind === 'advance' && `${p.track}:${p.source}`)).toEqual([
      'water:unplacedTile',
      'water:unplacedTile',
    ]);
    expect(g.refusal('0', { type: 'placeTile', orientation: 0, x: 5, y: 5 })).toEqual({
      code: 'reason.tileSetAside',
      rule: '§4.10',
    });
    g.resolveAdvances('0').confirm('0');
    expect(g.board('0').trackers.water.row).toBe(2);
    expect(g.board('0').meteorites).toEqual([]);
    expect(g.state.endTriggers).toEqual(['stuck']);
    expect(g.state.setAsideTiles).toEqual([tileId('i-energy-water')]);
    expect(g.state.step).toBe('over');
  });
});
