import { describe, it, expect } from 'vitest';
import { OBJECTIVES, corporationById, objectiveById, planetById } from '../game/data';
import type { NeighborMeasure, PrivateCheck, Terrain } from '../game/data/types';
import type { CellIndex, PlayerBoard } from '../game/core/types';
import { cellIndex, cellX, cellY, createBoard, planetGeometry } from '../game/rules/board';
import { areaContaining, areaSizeContaining, areaTerrain } from '../game/rules/areas';
import {
  neighborMeasure,
  objectiveContext,
  privateCheck,
  privateObjectiveMedals,
  scoreNeighborObjective,
  scoreObjectiveAmongAll,
} from '../game/rules/objectives';
import { block, paint, type Cell } from './support/paint';

/** Every area of `terrain` on the board, each in ascending order, ordered by first square (§5.12). */
function terrainAreas(board: PlayerBoard, terrain: Terrain): CellIndex[][] {
  const areas: CellIndex[][] = [];
  const seen = new Set<CellIndex>();
  areaTerrain(board).forEach((here, cell) => {
    if (here !== terrain || seen.has(cell)) return;
    const area = areaContaining(board, cell);
    for (const c of area) seen.add(c);
    areas.push(area);
  });
  return areas;
}

const KSB = planetById('ksb-4156');
const COALITION = corporationById('universal-coalition');
const ctx = objectiveContext(KSB, COALITION);
const fresh = (): PlayerBoard => createBoard(KSB, COALITION);
const otherThan = (t: Terrain): Terrain => (t === 'civ' ? 'tech' : 'civ');

/** KSB-4156 squares of one kind, as cells. */
const squaresWhere = (ice: boolean): Cell[] =>
  planetGeometry(KSB)
    .squares.filter((i) => planetGeometry(KSB).isIce[i] === ice)
    .map((i) => [cellX(i), cellY(i)]);

function describeMeasure(m: NeighborMeasure): string {
  switch (m.type) {
    case 'resourceIconsOnEdge':
      return `counts ${m.resource} icons on edge squares`;
    case 'largestTerrainArea':
      return `measures the largest ${m.terrain} terrain area`;
    case 'terrainAreaCount':
      return `counts separate ${m.terrain} terrain areas`;
    case 'resourceIconsOnPlanet':
      return `counts ${m.resource} icons on the whole planet`;
    case 'tracksAtMaximum':
      return 'counts trackers at the top of their track';
    case 'collectedCount':
      return `counts collected ${m.item}s`;
  }
}

/** A board demonstrating the measure, and the value it must give. */
function neighborExample(m: NeighborMeasure): { board: PlayerBoard; expected: number } {
  const board = fresh();
  switch (m.type) {
    case 'resourceIconsOnEdge': {
      const r = m.resource;
      paint(
        board,
        [
          [5, 0],
          [6, 0],
        ],
        r,
        {
          icons: [
            [5, 0],
            [6, 0],
          ],
        },
      ); // edge, counted
      paint(board, [[5, 5]], r, { icons: [[5, 5]] }); // interior: not on the edge
      paint(board, [[4, 1]], r); // edge terrain without an icon
      paint(board, [[3, 1]], otherThan(r), { icons: [[3, 1]] }); // edge icon of another resource
      return { board, expected: 2 };
    }
    case 'largestTerrainArea':
    case 'terrainAreaCount': {
      const t = m.terrain;
      // Five squares across two pieces form one area (§5.12); the patch counts as biomass terrain.
      paint(board, block(2, 3, 2, 2), t);
      paint(board, [[4, 3]], t, { as: t === 'biomass' ? 'patch' : 'tile' });
      paint(board, [[4, 4]], otherThan(t));
      // Diagonal contact is not adjacency: two areas of one square.
      paint(board, [[6, 6]], t);
      paint(board, [[7, 7]], t);
      paint(board, block(6, 9, 3, 1), t);
      return { board, expected: m.type === 'largestTerrainArea' ? 5 : 4 };
    }
    case 'resourceIconsOnPlanet': {
      const r = m.resource;
      paint(board, block(3, 3, 3, 1), r, {
        icons: [
          [3, 3],
          [5, 3],
        ],
      });
      paint(board, [[5, 8]], r, { icons: [[5, 8]] });
      paint(board, [[7, 5]], otherThan(r), { icons: [[7, 5]] });
      return { board, expected: 3 };
    }
    case 'tracksAtMaximum':
      board.trackers.civ.row = 15;
      board.trackers.tech.row = 15;
      board.trackers.water.row = 14;
      return { board, expected: 2 };
    case 'collectedCount':
      board.collected = { lifepods: 3, meteorites: 4 };
      return { board, expected: m.item === 'lifepod' ? 3 : 4 };
  }
}

function describeCheck(c: PrivateCheck): string {
  switch (c.type) {
    case 'terrainRectangle':
      return `needs a solid ${c.width}x${c.height} rectangle of ${c.terrain} terrain`;
    case 'terrainAreaWithResourceIcons':
      return `needs one ${c.terrain} area holding ${c.minIcons} ${c.terrain} icons`;
    case 'trackAtMaximum':
      return `needs the ${c.track} tracker at the top`;
    case 'resourceIconsAtMost':
      return `allows at most ${c.max} ${c.resource} icons`;
    case 'collectedAtLeast':
      return `needs ${c.min} collected ${c.item}s`;
    case 'collectedMoreThan':
      return `needs more collected ${c.more}s than ${c.than}s`;
    case 'allPlanetSquaresCovered':
      return `needs every ${c.kind} square covered`;
  }
}

/** Boards on which the check holds, and boards on which it narrowly fails. */
function privateExamples(c: PrivateCheck): { met: PlayerBoard[]; unmet: PlayerBoard[] } {
  const board = (): PlayerBoard => fresh();
  switch (c.type) {
    case 'terrainRectangle': {
      const { terrain: t, width: w, height: h } = c;
      // Built from two pieces: a rectangle may span several tiles.
      const rect = (x0: number, y0: number, cw: number, ch: number, hole?: Cell): PlayerBoard => {
        const b = board();
        const cells = block(x0, y0, cw, ch).filter(([x, y]) => !(hole && hole[0] === x && hole[1] === y));
        paint(b, cells.slice(0, cw), t);
        paint(b, cells.slice(cw), t);
        if (hole) paint(b, [hole], otherThan(t));
        return b;
      };
      const met = [rect(3, 3, w, h)];
      if (c.eitherOrientation && w !== h) met.push(rect(2, 4, h, w));
      // One square of another terrain breaks it; a rectangle one row short never qualifies.
      const unmet = [rect(3, 3, w, h, [3 + w - 1, 3 + h - 1]), rect(3, 3, w, h - 1)];
      if (w !== h) unmet.push(rect(3, 3, 3, 3));
      return { met, unmet };
    }
    case 'terrainAreaWithResourceIcons': {
      const t = c.terrain;
      const met = board();
      paint(met, block(2, 5, 4, 1), t, {
        icons: [
          [2, 5],
          [3, 5],
          [5, 5],
        ],
      });
      paint(met, block(2, 6, 4, 1), t, {
        icons: [
          [2, 6],
          [4, 6],
          [5, 6],
        ],
      });
      // The same six icons split between two areas.
      const unmet = board();
      paint(unmet, block(1, 3, 3, 1), t, {
        icons: [
          [1, 3],
          [2, 3],
          [3, 3],
        ],
      });
      paint(unmet, block(6, 6, 3, 1), t, {
        icons: [
          [6, 6],
          [7, 6],
          [8, 6],
        ],
      });
      return { met: [met], unmet: [unmet] };
    }
    case 'trackAtMaximum': {
      const met = board();
      met.trackers[c.track].row = 15;
      const unmet = board();
      unmet.trackers[c.track].row = 14;
      return { met: [met], unmet: [unmet] };
    }
    case 'resourceIconsAtMost': {
      const withIcons = (n: number): PlayerBoard => {
        const b = board();
        const cells = block(2, 5, n, 1);
        paint(b, cells, c.resource, { icons: cells });
        paint(b, block(2, 7, 3, 1), c.resource); // terrain without icons does not count
        return b;
      };
      return { met: [withIcons(c.max), board()], unmet: [withIcons(c.max + 1)] };
    }
    case 'collectedAtLeast': {
      const withCollected = (n: number): PlayerBoard => {
        const b = board();
        if (c.item === 'lifepod') b.collected.lifepods = n;
        else b.collected.meteorites = n;
        return b;
      };
      return { met: [withCollected(c.min), withCollected(c.min + 3)], unmet: [withCollected(c.min - 1)] };
    }
    case 'collectedMoreThan': {
      const withCollected = (more: number, than: number): PlayerBoard => {
        const b = board();
        b.collected =
          c.more === 'lifepod' ? { lifepods: more, meteorites: than } : { lifepods: than, meteorites: more };
        return b;
      };
      return {
        met: [withCollected(3, 2), withCollected(1, 0)],
        unmet: [withCollected(2, 2), withCollected(0, 0)],
      };
    }
    case 'allPlanetSquaresCovered': {
      const cells = squaresWhere(c.kind === 'ice');
      const met = board();
      paint(met, cells, 'water'); // squares of the other kind may stay bare
      const unmet = board();
      paint(unmet, cells.slice(1), 'water');
      return { met: [met], unmet: [unmet, board()] };
    }
  }
}

describe('objective cards: 28 double-sided cards (objectives.json)', () => {
  it('has 28 cards, ids 37–64, every neighbor face WIN 5 / TIE 2 and private face 5', () => {
    expect(OBJECTIVES.map((c) => c.id)).toEqual(Array.from({ length: 28 }, (_, k) => 37 + k));
    for (const card of OBJECTIVES) {
      expect([card.neighbor.win, card.neighbor.tie, card.private.medals]).toEqual([5, 2, 5]);
    }
  });
});

describe('neighbor faces: each card measured on a hand-built KSB-4156 board (§6.3 F)', () => {
  for (const card of OBJECTIVES) {
    const m = card.neighbor.measure;
    it(`${card.id} ${card.neighbor.name} ${describeMeasure(m)}, ${card.neighbor.direction} wins (§6.3 F)`, () => {
      const { board, expected } = neighborExample(m);
      expect(neighborMeasure(m, board, ctx)).toBe(expected);
      // Against a bare board the example wins a "most" card and loses a "fewest" card.
      const bare = neighborMeasure(m, fresh(), ctx);
      expect(bare).toBe(0);
      const medals = scoreNeighborObjective(card, expected, bare);
      expect(medals).toEqual(card.neighbor.direction === 'most' ? [5, 0] : [0, 5]);
    });
  }
});

describe('private faces: each card met and narrowly missed (§6.3 E, §7.2)', () => {
  for (const card of OBJECTIVES) {
    const c = card.private.check;
    it(`${card.id} ${card.private.name} ${describeCheck(c)} (§7.2)`, () => {
      const { met, unmet } = privateExamples(c);
      for (const board of met) {
        expect(privateCheck(c, board, ctx)).toBe(true);
        expect(privateObjectiveMedals(card, board, ctx)).toBe(5);
      }
      for (const board of unmet) {
        expect(privateCheck(c, board, ctx)).toBe(false);
        expect(privateObjectiveMedals(card, board, ctx)).toBe(0);
      }
    });
  }
});

describe('neighbor comparison: win 5, tie 2 each, lose 0 (§6.3 F)', () => {
  const most = objectiveById(43); // Project: Transit, largest rover area
  const fewest = objectiveById(54); // Project: Luddite, fewest tech icons

  it('a "most" card gives 5 to the strictly higher value and 0 to the other', () => {
    expect(scoreNeighborObjective(most, 21, 12)).toEqual([5, 0]);
    expect(scoreNeighborObjective(most, 3, 4)).toEqual([0, 5]);
  });

  it('a "fewest" card gives 5 to the strictly lower value', () => {
    expect(scoreNeighborObjective(fewest, 2, 7)).toEqual([5, 0]);
    expect(scoreNeighborObjective(fewest, 7, 2)).toEqual([0, 5]);
  });

  it('equal values give 2 each, a 0–0 tie included, on both kinds of card', () => {
    expect(scoreNeighborObjective(most, 3, 3)).toEqual([2, 2]);
    expect(scoreNeighborObjective(most, 0, 0)).toEqual([2, 2]);
    expect(scoreNeighborObjective(fewest, 4, 4)).toEqual([2, 2]);
    expect(scoreNeighborObjective(fewest, 0, 0)).toEqual([2, 2]);
  });

  it('the rulebook example: Transit 21 beats the left neighbour (5), Ringworld ties at 3 (2): 7 medals (§6.4)', () => {
    const transit = scoreNeighborObjective(objectiveById(43), 21, 15)[0];
    const ringworld = scoreNeighborObjective(objectiveById(40), 3, 3)[0];
    expect(transit + ringworld).toBe(7);
  });

  it("Jump Drive's card for all players: single best 5, several tied best 2 each, others 0 (§6.3 F)", () => {
    expect(scoreObjectiveAmongAll(most, [4, 9, 1])).toEqual([0, 5, 0]);
    expect(scoreObjectiveAmongAll(most, [9, 9, 1])).toEqual([2, 2, 0]);
    expect(scoreObjectiveAmongAll(fewest, [4, 9, 1])).toEqual([0, 0, 5]);
  });
});

describe('edges and areas used by the objectives (§4.2, §5.12, R16)', () => {
  it('R16: on Cerberus the seams between sub-planets are edge for objectives', () => {
    const cerberus = planetById('cerberus');
    const board = createBoard(cerberus, COALITION);
    paint(
      board,
      [
        [6, 9],
        [7, 9],
      ],
      'civ',
      {
        icons: [
          [6, 9],
          [7, 9],
        ],
      },
    );
    const perimeter = objectiveById(37).neighbor.measure;
    expect(planetGeometry(cerberus).isEdge[cellIndex(6, 9)]).toBe(false);
    expect(neighborMeasure(perimeter, board, objectiveContext(cerberus, COALITION))).toBe(2);
  });

  it('§1.3: the last square of a row is not adjacent to the first square of the next row', () => {
    const board = fresh();
    paint(board, [[11, 5]], 'rover');
    paint(board, [[0, 6]], 'rover');
    expect(cellIndex(0, 6) - cellIndex(11, 5)).toBe(1);
    expect(terrainAreas(board, 'rover')).toEqual([[cellIndex(11, 5)], [cellIndex(0, 6)]]);
    expect(areaContaining(board, cellIndex(0, 6))).toEqual([cellIndex(0, 6)]);
    expect(areaContaining(board, cellIndex(11, 5))).toEqual([cellIndex(11, 5)]);
  });

  it('§5.12: an area spans tiles and patches, ignores diagonal contact and stops at other terrain', () => {
    const board = fresh();
    paint(board, block(3, 5, 2, 1), 'biomass');
    paint(
      board,
      [
        [5, 5],
        [5, 6],
      ],
      'biomass',
      { as: 'patch' },
    );
    paint(board, [[6, 7]], 'biomass'); // diagonal to (5,6)
    paint(board, [[6, 5]], 'water');
    expect(terrainAreas(board, 'biomass')).toEqual([
      [cellIndex(3, 5), cellIndex(4, 5), cellIndex(5, 5), cellIndex(5, 6)],
      [cellIndex(6, 7)],
    ]);
    expect(areaContaining(board, cellIndex(5, 6))).toEqual([
      cellIndex(3, 5),
      cellIndex(4, 5),
      cellIndex(5, 5),
      cellIndex(5, 6),
    ]);
    expect(areaSizeContaining(board, cellIndex(3, 5))).toBe(4);
    expect(areaContaining(board, cellIndex(6, 5))).toEqual([cellIndex(6, 5)]);
    expect(areaContaining(board, cellIndex(7, 5))).toEqual([]);
  });
});
