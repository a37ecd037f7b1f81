/**
 * The generated data modules (game/data/*.generated.ts, built by `npm run data`) must still agree
 * with the reference JSON kept in assets/reference. If this fails after a reference change, rerun
 * `npm run data`; if it fails after a generator change, the generator is wrong.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CIV_CARDS,
  CORPORATIONS,
  EVENTS,
  EVENT_COUNTS_BY_COLOR,
  EVENT_DECK_COMPOSITION,
  EVENT_DECK_RULES,
  EVENT_DUPLICATE_EFFECTS,
  EVENT_EFFECT_VOCABULARY,
  EVENT_ROUND_RULES,
  EVENT_SOLO_EPILOGUE,
  EVENT_SOLO_ONLY,
  EVENT_SOLO_TARGET,
  OBJECTIVES,
  PLANETS,
  SHAPES,
  STATION,
  SYMMETRIC_CORPORATION,
  SYMMETRIC_PLANET,
  TILES,
  civCardById,
  corporationById,
  objectiveById,
  planetById,
  shapeById,
  tileById,
} from '../game/data';
import type { Reward, Terrain, Track, XY } from '../game/data';
import { buildCorporation } from '../tools/data/corporations';

const REFERENCE_DIR = fileURLToPath(new URL('../assets/reference/', import.meta.url));
/* eslint-disable @typescript-eslint/no-explicit-any -- the reference JSON is read untyped on purpose */
type Json = any;

function reference(file: string): Json {
  if (!existsSync(REFERENCE_DIR)) {
    throw new Error(
      `Reference data folder not found at ${REFERENCE_DIR}: test/data.test.ts compares the generated ` +
        `game/data modules with assets/reference/*.json and cannot run without it.`,
    );
  }
  const full = `${REFERENCE_DIR}${file}`;
  if (!existsSync(full)) throw new Error(`Reference file not found: ${full}`);
  return JSON.parse(readFileSync(full, 'utf8'));
}

const tilesRef = reference('tiles.json');
const planetsRef = reference('planets.json');
const corporationsRef = reference('corporations.json');
const civRef = reference('civ-cards.json');
const objectivesRef = reference('objectives.json');
const eventsRef = reference('events.json');

const TERRAINS: Terrain[] = ['civ', 'water', 'biomass', 'rover', 'tech', 'energy'];
const TRACKS: Track[] = ['civ', 'water', 'biomass', 'rover', 'tech'];

const without = (o: Json, keys: string[]): Json =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
const sortXY = (cells: XY[]): XY[] => [...cells].sort((a, b) => a[1] - b[1] || a[0] - b[0]);

/** The files the project keeps: every JSON file and its notes. */
const referenceFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json') || f.endsWith('-NOTES.md'))
    .sort();

describe('reference data', () => {
  it('is present in the project', () => {
    expect(existsSync(REFERENCE_DIR), `missing ${REFERENCE_DIR}`).toBe(true);
    expect(referenceFiles(REFERENCE_DIR)).toEqual([
      'BOARD-NOTES.md',
      'CARD-NOTES.md',
      'CORPORATION-NOTES.md',
      'civ-cards.json',
      'corporations.json',
      'events.json',
      'objectives.json',
      'planets.json',
      'tiles.json',
    ]);
  });

  const RULE_FILES = ['RULES.md', 'RULINGS.md'];
  it('carries the rules and rulings that code and tests cite (§n, Rn)', () => {
    for (const file of RULE_FILES)
      expect(existsSync(`${REFERENCE_DIR}${file}`), `missing assets/reference/${file}`).toBe(true);
  });
});

describe('shapes, tiles and station (tiles.json)', () => {
  it('has 12 shapes, 144 tiles, 72 of them with a meteor', () => {
    expect(SHAPES).toHaveLength(12);
    expect(TILES).toHaveLength(144);
    expect(TILES.filter((t) => t.meteor)).toHaveLength(72);
    expect(tilesRef.verification.tiles).toBe(144);
    expect(tilesRef.verification.meteorTilesTotal).toBe(72);
  });

  it('agrees with every shape: cells, halves, resource and meteor cells', () => {
    for (const ref of tilesRef.shapes) {
      const shape = shapeById(ref.id);
      expect(shape, `shape ${ref.id}`).toEqual({
        id: ref.id,
        name: ref.repoName,
        polyomino: ref.polyomino,
        size: ref.size,
        ring: ref.ring,
        width: ref.width,
        height: ref.height,
        cells: ref.cells,
        halfA: ref.halfA,
        halfB: ref.halfB,
        resourceCellA: ref.resourceCellA,
        resourceCellB: ref.resourceCellB,
        meteorCell: ref.meteorCell,
      });
      expect(sortXY([...shape.halfA, ...shape.halfB])).toEqual(sortXY(shape.cells));
      expect(shape.cells).toHaveLength(shape.size);
    }
    SHAPES.forEach((s, i) => expect(s.id).toBe(i));
  });

  it('agrees with every tile: terrains, meteor, cells (in shape order), resource icons, meteor cell', () => {
    for (const ref of tilesRef.tiles) {
      const tile = tileById(ref.id);
      const where = `tile ${ref.id} (${ref.key})`;
      const shape = shapeById(ref.shape);
      expect(tile.key, where).toBe(ref.key);
      expect(tile.shape, where).toBe(ref.shape);
      expect(tile.terrains, where).toEqual(ref.terrains);
      expect(tile.meteor, where).toBe(ref.meteor);
      // Cells: same content as the reference, in the order of the shape's cells.
      const refCells = new Map<string, Json>(ref.cells.map((c: Json) => [`${c.x},${c.y}`, c]));
      expect(
        tile.cells.map((c) => [c.x, c.y]),
        where,
      ).toEqual(shape.cells);
      expect(tile.cells, where).toEqual(shape.cells.map(([x, y]) => refCells.get(`${x},${y}`)));
      // Resource icons: one per terrain, where the reference says.
      expect(
        tile.cells.filter((c) => c.resource).map((c) => ({ terrain: c.terrain, cell: [c.x, c.y] })),
        where,
      ).toEqual(expect.arrayContaining(ref.resources));
      expect(
        tile.cells.filter((c) => c.resource),
        where,
      ).toHaveLength(2);
      // Meteor symbol.
      const meteors = tile.cells.filter((c) => c.meteor).map((c) => [c.x, c.y]);
      expect(meteors, where).toEqual(ref.meteorCell === null ? [] : [ref.meteorCell]);
      // Encoding: id = 12*k + shape, pair = floor(id/24), meteor = floor(id/12) mod 2.
      const pair = tilesRef.terrainPairs[Math.floor(ref.id / 24)];
      expect(tile.shape, where).toBe(ref.id % 12);
      expect(tile.terrains, where).toEqual([pair.a, pair.b]);
      expect(tile.meteor, where).toBe(Math.floor(ref.id / 12) % 2 === 1);
    }
    TILES.forEach((t, i) => expect(t.id).toBe(i));
  });

  it('matches the verification figures of tiles.json', () => {
    const v = tilesRef.verification;
    const count = (keys: (string | number)[]): Record<string, number> => {
      const acc: Record<string, number> = {};
      for (const k of keys) acc[String(k)] = (acc[String(k)] ?? 0) + 1;
      return acc;
    };
    expect(count(TILES.map((t) => t.shape))).toEqual(v.tilesPerShape);
    expect(count(TILES.filter((t) => t.meteor).map((t) => t.shape))).toEqual(v.meteorTilesPerShape);
    expect(count(TILES.map((t) => t.terrains.join('/')))).toEqual(v.tilesPerTerrainPair);
    const squares = TILES.flatMap((t) => t.cells);
    expect(squares).toHaveLength(v.totalTileSquares);
    expect(count(squares.map((c) => c.terrain))).toEqual(v.squaresPerTerrain);
    expect(count(squares.filter((c) => c.resource).map((c) => c.terrain))).toEqual(v.resourceIconsPerTerrain);
    expect(v.everyTileHasExactly2TerrainsAnd2Resources).toBe(true);
    for (const t of TILES) {
      expect(new Set(t.cells.map((c) => c.terrain)).size, `tile ${t.id}`).toBe(2);
      expect(new Set(t.cells.filter((c) => c.resource).map((c) => c.terrain)), `tile ${t.id}`).toEqual(
        new Set(t.terrains),
      );
    }
    const ringCells = (ids: number[]): number => ids.reduce((sum, id) => sum + shapeById(id).size, 0);
    expect(ringCells(STATION.smallShapes)).toBe(v.smallRingCellsPerSet);
    expect(ringCells(STATION.largeShapes)).toBe(v.largeRingCellsPerSet);
  });

  it('rule: every terrain covers 96 tile squares, carries 48 resource icons and appears on 48 tiles (2 pairs x 24)', () => {
    for (const terrain of TERRAINS) {
      const squares = TILES.flatMap((t) => t.cells).filter((c) => c.terrain === terrain);
      expect(squares, terrain).toHaveLength(96);
      expect(
        squares.filter((c) => c.resource),
        terrain,
      ).toHaveLength(48);
      expect(
        TILES.filter((t) => t.terrains.includes(terrain)),
        terrain,
      ).toHaveLength(48);
    }
    for (const pair of Object.values<number>(tilesRef.verification.tilesPerTerrainPair))
      expect(pair).toBe(24);
  });

  it('agrees with the station: ring shapes and seat positions', () => {
    const ref = tilesRef.station;
    expect(STATION.smallShapes).toEqual(ref.smallShapes);
    expect(STATION.largeShapes).toEqual(ref.largeShapes);
    for (const [n, positions] of Object.entries<number[]>(ref.seatPositionsByPlayerCount)) {
      expect(STATION.seatPositions[Number(n)], `${n} players`).toEqual(positions);
    }
    expect(Object.keys(STATION.seatPositions).map(Number).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (const id of STATION.smallShapes) expect(shapeById(id).ring).toBe('small');
    for (const id of STATION.largeShapes) expect(shapeById(id).ring).toBe('large');
    expect(new Set([...STATION.smallShapes, ...STATION.largeShapes]).size).toBe(12);
  });
});

describe('planets (planets.json)', () => {
  const core = [
    'id',
    'name',
    'side',
    'deluxe',
    'complexity',
    'rule',
    'rowMedals',
    'columnMedals',
    'grid',
    'lifepodCells',
    'perimeterCells',
  ];

  it('has the 13 planets', () => {
    expect(PLANETS).toHaveLength(13);
    expect(PLANETS.map((p) => p.id)).toEqual(planetsRef.planets.map((p: Json) => p.id));
  });

  it('agrees with every planet: grid, medals, lifepods, perimeter, special layers', () => {
    for (const ref of planetsRef.planets) {
      const planet = planetById(ref.id);
      for (const k of core) expect((planet as unknown as Json)[k], `${ref.id}.${k}`).toEqual(ref[k]);
      expect(planet.extra, `${ref.id}.extra`).toEqual(without(ref, core));
    }
  });

  it('rule: grids are 12x12, lifepods sit on lifepod squares, perimeter = squares next to outside', () => {
    for (const p of PLANETS) {
      expect(p.grid, p.id).toHaveLength(12);
      for (const row of p.grid) expect(row, p.id).toHaveLength(12);
      const at = (x: number, y: number): string => p.grid[y]?.[x] ?? '.';
      const isSquare = (x: number, y: number): boolean => at(x, y) !== '.' && at(x, y) !== 'H';
      const cells: XY[] = [];
      for (let y = 0; y < 12; y++) for (let x = 0; x < 12; x++) cells.push([x, y]);
      const pods = cells.filter(([x, y]) => 'PQF'.includes(at(x, y)));
      expect(sortXY(p.lifepodCells), p.id).toEqual(pods);
      const edge = cells.filter(
        ([x, y]) =>
          isSquare(x, y) &&
          (
            [
              [1, 0],
              [-1, 0],
              [0, 1],
              [0, -1],
            ] as const
          ).some(([dx, dy]) => at(x + dx, y + dy) === '.'),
      );
      expect(sortXY(p.perimeterCells), p.id).toEqual(edge);
      const counts = p.extra.counts as Record<string, number>;
      expect(
        cells.filter(([x, y]) => isSquare(x, y)),
        p.id,
      ).toHaveLength(counts.squares!);
      expect(
        cells.filter(([x, y]) => 'IQ'.includes(at(x, y))),
        p.id,
      ).toHaveLength(counts.iceSquares!);
      expect(p.lifepodCells, p.id).toHaveLength(6);
      const medals = [...p.rowMedals, ...p.columnMedals].reduce((a, b) => a + b, 0);
      expect(medals, p.id).toBe(p.extra.maxRowColumnMedals);
    }
  });

  it('rule: KSB-4156 has 96 squares, 21 ice, 6 lifepods, 28 perimeter cells and medal sum 40', () => {
    const ksb = planetById(SYMMETRIC_PLANET);
    const chars = ksb.grid.join('');
    expect(ksb.side).toBe('symmetric');
    expect(chars.replace(/[.H]/g, '')).toHaveLength(96);
    expect(chars.replace(/[^IQ]/g, '')).toHaveLength(21);
    expect(ksb.lifepodCells).toHaveLength(6);
    expect(ksb.perimeterCells).toHaveLength(28);
    expect([...ksb.rowMedals, ...ksb.columnMedals].reduce((a, b) => a + b, 0)).toBe(40);
    expect(PLANETS.filter((p) => p.side === 'symmetric').map((p) => p.id)).toEqual([SYMMETRIC_PLANET]);
  });
});

describe('corporations (corporations.json)', () => {
  it('has the 9 corporations', () => {
    expect(CORPORATIONS).toHaveLength(9);
    expect(CORPORATIONS.map((c) => c.id)).toEqual(corporationsRef.corporations.map((c: Json) => c.id));
  });

  it('agrees with every corporation: rovers, every track square, techs', () => {
    const coreKeys = [
      'id',
      'name',
      'side',
      'deluxe',
      'complexity',
      'roverCount',
      'specialRule',
      'tracks',
      'techUnlock',
      'techs',
    ];
    for (const ref of corporationsRef.corporations) {
      const corp = corporationById(ref.id);
      expect(corp.roverCount, ref.id).toBe(ref.roverCount);
      for (const k of ['name', 'side', 'deluxe', 'complexity', 'specialRule', 'techUnlock']) {
        expect((corp as unknown as Json)[k], `${ref.id}.${k}`).toEqual(ref[k]);
      }
      expect(corp.extra, `${ref.id}.extra`).toEqual(without(ref, coreKeys));
      expect(Object.keys(corp.tracks).sort(), ref.id).toEqual([...TRACKS].sort());
      for (const track of TRACKS) {
        const rt = ref.tracks[track];
        const t = corp.tracks[track];
        const where = `${ref.id}.${track}`;
        expect(t.top, where).toBe(rt.top);
        expect(t.atTop, where).toBe(rt.atTop);
        expect(t.topMovement, where).toBe(rt.topMovement);
        const trackExtra = without(rt, ['top', 'atTop', 'topMovement', 'levels']);
        expect(t.extra ?? {}, where).toEqual(trackExtra);
        expect(t.levels, where).toHaveLength(rt.levels.length);
        rt.levels.forEach((rl: Json, i: number) => {
          const square = t.levels[i]!;
          expect(square.level, `${where}[${i}]`).toBe(rl.level);
          expect(square.rewards, `${where}[${i}]`).toEqual(rl.rewards);
          expect(square.square, `${where}[${i}]`).toBe(rl.square ?? true);
          expect(square.extra ?? {}, `${where}[${i}]`).toEqual(without(rl, ['level', 'rewards', 'square']));
        });
      }
      expect(corp.techs, ref.id).toHaveLength(ref.techs.length);
      ref.techs.forEach((rt: Json, i: number) => {
        const tech = corp.techs[i]!;
        expect([tech.level, tech.text, tech.effect, tech.timing], `${ref.id} tech ${i}`).toEqual([
          rt.level,
          rt.text,
          rt.effect,
          rt.timing,
        ]);
        expect(tech.extra ?? {}).toEqual(without(rt, ['level', 'text', 'effect', 'timing']));
      });
      // roverCount equals the number of roverMilestone squares (corporations.json conventions).
      const rewards: Reward[] = TRACKS.flatMap((tr) => corp.tracks[tr].levels.flatMap((l) => l.rewards));
      expect(
        rewards.filter((r) => r.kind === 'roverMilestone'),
        ref.id,
      ).toHaveLength(corp.roverCount);
    }
  });

  it("refuses a Wormhole box square without its half, or a half that is neither 'lower' nor 'upper'", () => {
    const wormhole = () =>
      structuredClone(corporationsRef.corporations.find((c: Json) => c.id === 'wormhole-corp')) as {
        tracks: Record<string, { levels: Record<string, unknown>[] }>;
      };
    const boxed = (c: ReturnType<typeof wormhole>) =>
      Object.values(c.tracks)
        .flatMap((t) => t.levels)
        .find((l) => 'box' in l) as Record<string, unknown>;
    const noHalf = wormhole();
    delete boxed(noHalf).half;
    expect(() => buildCorporation(noHalf, 'corporations.json')).toThrow(/\.half/);
    const sideways = wormhole();
    boxed(sideways).half = 'left';
    expect(() => buildCorporation(sideways, 'corporations.json')).toThrow(/\.half/);
  });

  it('rule (RULES §5.1): Universal Coalition tech milestones at rows 3,5,7,10,14; civ ranks 1-4 at rows 3,6,10,14', () => {
    const uc = corporationById(SYMMETRIC_CORPORATION);
    expect(uc.side).toBe('symmetric');
    const rowsWith = (track: Track, kind: Reward['kind']): number[] =>
      uc.tracks[track].levels.filter((l) => l.rewards.some((r) => r.kind === kind)).map((l) => l.level);
    expect(rowsWith('tech', 'techMilestone')).toEqual([3, 5, 7, 10, 14]);
    expect(uc.techUnlock.milestoneRows).toEqual([3, 5, 7, 10, 14]);
    const civ = uc.tracks.civ.levels.flatMap((l) =>
      l.rewards.flatMap((r) => (r.kind === 'civMilestone' ? [[l.level, r.rank]] : [])),
    );
    expect(civ).toEqual([
      [3, 1],
      [6, 2],
      [10, 3],
      [14, 4],
    ]);
    expect(uc.roverCount).toBe(2);
    for (const track of TRACKS) {
      expect(uc.tracks[track].levels).toHaveLength(16);
      expect(uc.tracks[track].levels.every((l) => l.square)).toBe(true);
    }
    expect(CORPORATIONS.filter((c) => c.side === 'symmetric').map((c) => c.id)).toEqual([
      SYMMETRIC_CORPORATION,
    ]);
  });
});

describe('civ cards (civ-cards.json)', () => {
  it('has 36 cards, 9 per rank', () => {
    expect(CIV_CARDS).toHaveLength(36);
    for (const rank of [1, 2, 3, 4])
      expect(
        CIV_CARDS.filter((c) => c.rank === rank),
        `rank ${rank}`,
      ).toHaveLength(9);
    expect(civRef.perRank).toEqual({ '1': 9, '2': 9, '3': 9, '4': 9 });
  });

  it('agrees with every card: name, rank, timing, effect, structured effect', () => {
    for (const ref of civRef.cards) {
      const card = civCardById(ref.id);
      expect(card, `civ card ${ref.id}`).toEqual({
        id: ref.id,
        name: ref.name,
        rank: ref.rank,
        timing: ref.timing,
        effect: ref.effect,
        // `line: 'rowOrColumn'` of destroyMeteoritesInLine is not carried by CivEffect (it has one meaning).
        structured: ref.structured.map((e: Json) =>
          e.op === 'destroyMeteoritesInLine' ? without(e, ['line']) : e,
        ),
      });
    }
    expect(CIV_CARDS.filter((c) => c.timing === 'immediate').map((c) => c.id)).toEqual(
      civRef.summary.immediate,
    );
    expect(CIV_CARDS.filter((c) => c.timing === 'endGame').map((c) => c.id)).toEqual(civRef.summary.endGame);
  });
});

describe('objectives (objectives.json)', () => {
  it('has 28 cards', () => {
    expect(OBJECTIVES).toHaveLength(28);
  });

  it('agrees with every card: names, measure, direction, check, medals', () => {
    for (const ref of objectivesRef.cards) {
      const card = objectiveById(ref.id);
      const n = ref.neighbor;
      const p = ref.private;
      expect(card, `objective ${ref.id}`).toEqual({
        id: ref.id,
        neighbor: {
          name: n.name,
          condition: n.condition,
          measure: n.measure,
          direction: n.direction,
          win: n.win,
          tie: n.tie,
        },
        private: { name: p.name, condition: p.condition, check: p.check, medals: p.medals },
      });
      expect([card.neighbor.win, card.neighbor.tie, card.private.medals]).toEqual([
        objectivesRef.medals.neighbor.win,
        objectivesRef.medals.neighbor.tie,
        objectivesRef.medals.private.complete,
      ]);
    }
  });
});

describe('events (events.json)', () => {
  const core = ['id', 'printedNumber', 'name', 'color', 'soloOnly', 'effect', 'structured'];

  it('has 60 cards, 20 per colour, and the solo-only ones', () => {
    expect(EVENTS).toHaveLength(60);
    expect(EVENT_COUNTS_BY_COLOR).toEqual({ green: 20, orange: 20, red: 20 });
    expect(EVENTS.filter((e) => e.soloOnly).map((e) => e.id)).toEqual(eventsRef.soloOnly.ids);
  });

  it('agrees with every card', () => {
    for (const ref of eventsRef.cards) {
      const event = EVENTS.find((e) => e.id === ref.id);
      expect(event, `event ${ref.id}`).toBeDefined();
      for (const k of core) expect((event as unknown as Json)[k], `event ${ref.id}.${k}`).toEqual(ref[k]);
      expect(event!.extra, `event ${ref.id}.extra`).toEqual(without(ref, core));
      for (const step of event!.structured) {
        expect(EVENT_EFFECT_VOCABULARY, `event ${ref.id}`).toHaveProperty(step.op);
        if (step.op === 'roundRule') expect(EVENT_ROUND_RULES).toHaveProperty(String(step.rule));
      }
    }
  });

  it('exports the tables a later engineer needs', () => {
    expect(EVENT_SOLO_ONLY).toEqual(eventsRef.soloOnly);
    expect(EVENT_DECK_RULES).toEqual(eventsRef.deckRules);
    expect(EVENT_DECK_COMPOSITION).toEqual(eventsRef.implementationComposition);
    expect(EVENT_SOLO_TARGET).toEqual(eventsRef.soloTarget);
    expect(EVENT_SOLO_TARGET.base).toBe(60);
    expect(EVENT_SOLO_EPILOGUE).toEqual(eventsRef.soloEpilogue);
    expect(EVENT_EFFECT_VOCABULARY).toEqual(eventsRef.effectVocabulary);
    expect(EVENT_ROUND_RULES).toEqual(eventsRef.roundRules);
    expect(EVENT_DUPLICATE_EFFECTS).toEqual(eventsRef.duplicateEffects);
  });
});

describe('lookup helpers', () => {
  it('find entries by id', () => {
    expect(shapeById(9).name).toBe('I4');
    expect(tileById(12).key).toBe('N-civ-energy-M');
    expect(planetById('kaak').name).toBe("K'aak");
    expect(corporationById('jump-drive').techUnlock.mode).toBe('lifepodSlots');
    expect(civCardById(21).name).toBe('Unionization');
    expect(objectiveById(37).private.name).toBe('Project: Complex');
  });

  it('throw a clear error for unknown ids', () => {
    expect(() => shapeById(12)).toThrow(/Unknown shape id 12/);
    expect(() => tileById(144)).toThrow(/Unknown tile id 144/);
    expect(() => planetById('earth')).toThrow(/Unknown planet id "earth"/);
    expect(() => corporationById('acme')).toThrow(/Unknown corporation id "acme"/);
    expect(() => civCardById(0)).toThrow(/Unknown civ card id 0/);
    expect(() => objectiveById(36)).toThrow(/Unknown objective id 36/);
  });
});
