// @vitest-environment jsdom
/**
 * The planets' own layers on the table (§8.1): each layer read from the planet's data as the rules
 * read it, the tooltip of a square and the "this planet's rule" panel in English and French, and a
 * Horizon Group rover carrying its meteorite.
 */
import { describe, expect, it } from 'vitest';
import { i18next } from '../../client/i18n';
import { PLANETS, planetById } from '../../game/data';
import { cellIndex } from '../../game/rules/board';
import {
  boundaries,
  carriedMeteorites,
  layersAt,
  planetLayers,
  type LayerKind,
} from '../../client/table/planet-layers';
import { PlanetRulePanel, squareTip } from '../../client/table/PlanetRulePanel';
import { planetRuleText } from '../../client/i18n/planet-rule-texts';
import { scenario } from '../support/scenario';
import { domPerTest } from './dom';

const dom = domPerTest('en');

const cells = (field: string, id: string) =>
  (planetById(id).extra[field] as [number, number][]).map(([x, y]) => cellIndex(x, y)).sort((a, b) => a - b);
/** A table whose seats play these planets. */
const table = (planets: string[]) =>
  scenario({ players: planets.length, setupData: { seats: planets.map((planet) => ({ planet })) } }).start()
    .state;
const marked = (id: string, kind: LayerKind) =>
  planetLayers(planetById(id)).square.flatMap((s, c) => (s === kind ? [c] : []));

describe('each planet shows its own layers, read from its data (§8.1)', () => {
  it('lists exactly the layers each planet has, none on the planets without a special square (§8.1)', () => {
    const kinds = Object.fromEntries(PLANETS.map((p) => [p.id, planetLayers(p).kinds]));
    expect(kinds).toEqual({
      'ksb-4156': [],
      'k-273': [],
      gaia: ['city'],
      persephone: ['quadrant'],
      arashi: ['ring'],
      petra: ['electric'],
      tartarus: ['chasm', 'chasmBreak'],
      charybdis: ['vortex'],
      kaak: ['toxic'],
      pajitnov: [],
      oblivion: ['void'],
      cerberus: ['subPlanet'],
      lacuna: ['hole'],
    });
  });

  it('marks the squares the data lists: cities, toxic and electric squares, holes, the void, the vortex (§8.1, R17, R31)', () => {
    expect(marked('gaia', 'city')).toEqual(cells('cityCells', 'gaia'));
    expect(marked('kaak', 'toxic')).toEqual(cells('toxicCells', 'kaak'));
    expect(marked('petra', 'electric')).toEqual(cells('electricCells', 'petra'));
    expect(marked('lacuna', 'hole')).toEqual(cells('holeCells', 'lacuna'));
    expect(marked('oblivion', 'void')).toHaveLength(planetById('oblivion').extra['blackHoleCells'] as number);
    expect(marked('charybdis', 'vortex')).toEqual([5, 6].flatMap((y) => [cellIndex(5, y), cellIndex(6, y)]));
    expect(marked('arashi', 'ring')).toHaveLength(24);
  });

  it("outlines Arashi's ring on its own edges only: 12 squares long above and below, 2 at each end (§8.1)", () => {
    const outline = planetLayers(planetById('arashi')).ringOutline;
    expect(outline.filter((s) => s.y1 === s.y2).map((s) => s.y1)).toEqual([
      ...Array<number>(12).fill(5),
      ...Array<number>(12).fill(7),
    ]);
    expect(outline.filter((s) => s.x1 === s.x2).map((s) => s.x1)).toEqual([0, 12, 0, 12]);
  });

  it("draws Persephone's quadrants with the resource each forbids, as the data says (§8.1)", () => {
    const layers = planetLayers(planetById('persephone'));
    expect(layers.quadrants.map((q) => [q.name, q.forbids])).toEqual([
      ['top-left', 'civ'],
      ['top-right', 'energy'],
      ['bottom-left', 'tech'],
      ['bottom-right', 'water'],
    ]);
    // The dashed cross runs between columns 5 and 6 and between rows 5 and 6, over squares only.
    expect(layers.quadrantLines.every((s) => s.x1 === 6 || s.y1 === 6)).toBe(true);
    expect(layersAt(layers, cellIndex(3, 3))).toEqual([{ kind: 'quadrant', quadrant: layers.quadrants[0] }]);
  });

  it("draws Tartarus's chasm between its west and east squares, with a break at each diagonal crossing (§8.1)", () => {
    const tartarus = planetById('tartarus');
    const layers = planetLayers(tartarus);
    const sides = (tartarus.extra['sides'] as string[]).join('');
    const side = (x: number, y: number) => sides[y * 12 + x];
    for (const s of layers.chasm) {
      const [a, b] =
        s.x1 === s.x2 ? [side(s.x1 - 1, s.y1), side(s.x1, s.y1)] : [side(s.x1, s.y1 - 1), side(s.x1, s.y1)];
      expect([a, b].sort()).toEqual(['E', 'W']);
    }
    expect(layers.chasm).toHaveLength(
      boundaries((x, y) => (sides[y * 12 + x] === '.' ? null : sides[y * 12 + x]!), false).length,
    );
    expect(layers.breaks).toEqual([
      { from: { x: 5, y: 3 }, to: { x: 6, y: 4 } },
      { from: { x: 5, y: 9 }, to: { x: 6, y: 8 } },
    ]);
    expect(layersAt(layers, cellIndex(6, 4)).map((l) => l.kind)).toEqual(['chasmBreak']);
  });

  it("outlines Cerberus's three sub-planets with their bonus (§8.1, R16, R30)", () => {
    const subPlanets = planetLayers(planetById('cerberus')).subPlanets;
    expect(subPlanets.map((p) => [p.letter, p.cells.length, p.bonus])).toEqual([
      ['A', 28, 2],
      ['B', 47, 2],
      ['C', 21, 2],
    ]);
    for (const p of subPlanets) expect(p.outline.length).toBeGreaterThan(0);
    // A and B touch between (6,5) and (7,5); B and C along column 6/7 in rows 8–10.
    expect(planetLayers(planetById('cerberus')).subPlanetSeams).toEqual([
      { x1: 7, y1: 5, x2: 7, y2: 6 },
      { x1: 7, y1: 8, x2: 7, y2: 9 },
      { x1: 7, y1: 9, x2: 7, y2: 10 },
      { x1: 7, y1: 10, x2: 7, y2: 11 },
    ]);
  });
});

describe("a square's tooltip and the planet's rule, in English and French", () => {
  it('names the layers of a square and what they do (§8.1, R30)', () => {
    const en = i18next.getFixedT('en');
    const fr = i18next.getFixedT('fr');
    const kaak = planetById('kaak');
    expect(squareTip(en, kaak, cellIndex(3, 1))).toBe(
      'Column 3, row 1\nToxic cloud: rovers may not enter it while it is uncovered; a tile on it makes it safe.',
    );
    expect(squareTip(fr, kaak, cellIndex(3, 1))).toBe(
      "Colonne 3, ligne 1\nNuage toxique\u202f: les Rovers ne peuvent pas y entrer tant qu'il est découvert\u202f; une tuile posée dessus le neutralise.",
    );
    expect(squareTip(en, planetById('persephone'), cellIndex(8, 8))).toBe(
      'Column 8, row 8\nBottom-right quadrant: no water icon may land here.',
    );
    expect(squareTip(fr, planetById('persephone'), cellIndex(8, 8))).toBe(
      'Colonne 8, ligne 8\nQuartier en bas à droite\u202f: aucune icône eau ne peut y être posée.',
    );
    expect(squareTip(en, planetById('gaia'), cellIndex(5, 0))).toMatch(
      /^Column 5, row 0\nCity: worth 2 medals/,
    );
    expect(squareTip(en, planetById('cerberus'), cellIndex(8, 8))).toMatch(
      /scores 2 medals more, even under a meteorite/,
    );
    // A square without a layer has no tooltip.
    expect(squareTip(en, planetById('kaak'), cellIndex(5, 1))).toBeNull();
    expect(squareTip(en, planetById('ksb-4156'), cellIndex(5, 5))).toBeNull();
  });

  it("shows the viewer's planet first and open, with its rule worded for the table and the key to its layers (§8.1)", () => {
    const G = table(['kaak', 'tartarus', 'kaak']);
    dom.render(<PlanetRulePanel G={G} player="1" names={{ '0': 'Ada', '1': 'Bea', '2': 'Cy' }} />);
    const panel = dom.byTestId('planet-rule');
    expect(panel?.querySelector('h2')?.textContent).toBe("This planet's rule");
    const sections = [...(panel?.querySelectorAll('details') ?? [])];
    expect(sections.map((d) => [d.querySelector('summary')?.textContent, d.open])).toEqual([
      ['Tartarus (your planet)', true],
      ["K'aak (Ada, Cy)", false],
    ]);
    expect(sections[0]?.querySelector('.planet-rule-text')?.textContent).toBe(planetRuleText('tartarus'));
    expect(
      [...(sections[0]?.querySelectorAll('[data-layer]') ?? [])].map((li) => li.getAttribute('data-layer')),
    ).toEqual(['chasm', 'chasmBreak']);
    expect(sections[0]?.textContent).toContain('Chasm (thick line): no tile lies on both sides of it');
  });

  it('words every rule for the drawn planet: no grid letter or coordinates, the edges and bonuses as ruled (§8.1, R16, R17, R30, R31)', () => {
    for (const language of ['en', 'fr'] as const) {
      const t = i18next.getFixedT(language);
      const rule = (id: string) => t(`planet.${id}.rule`, { ns: 'content' });
      for (const p of PLANETS) {
        // The drawn planet labels neither rows nor columns, and has no letters on its squares.
        expect(rule(p.id), `${language} ${p.id}`).not.toMatch(/\(\s*\d+\s*,\s*\d+\s*\)|\([A-Z]\)|\b[xy] =/);
      }
      const edge =
        language === 'en' ? /only the outer border .* is its edge/i : /seul le pourtour extérieur/i;
      expect(rule('oblivion'), language).toMatch(edge); // R17
      expect(rule('lacuna'), language).toMatch(
        language === 'en' ? /rim is not an edge/ : /contour n'est pas un bord/,
      );
      expect(rule('cerberus'), language).toMatch(
        language === 'en' ? /outline is an edge/ : /contour .* est un bord/,
      ); // R16
      expect(rule('cerberus'), language).toMatch(
        language === 'en' ? /even under a meteorite/ : /même sous une Météorite/,
      ); // R30
      expect(rule('gaia'), language).toMatch(
        language === 'en' ? /even when a meteorite/ : /même si une Météorite/,
      ); // R30
      expect(rule('petra'), language).toMatch(language === 'en' ? /tie-break/ : /départage/); // R31
    }
  });

  it('speaks French, with every planet rule translated (§8.1)', () => {
    const fr = i18next.getFixedT('fr');
    for (const p of PLANETS) {
      const text = fr(`planet.${p.id}.rule`, { ns: 'content', defaultValue: '' });
      expect(text, p.id).not.toBe('');
      expect(text, p.id).not.toBe(p.rule);
    }
  });
});

describe('French table', () => {
  const frDom = domPerTest('fr');
  it('shows the rule and the key in French for a spectator, every planet once (§8.1)', () => {
    const G = table(['cerberus', 'lacuna']);
    frDom.render(<PlanetRulePanel G={G} player={null} />);
    const panel = frDom.byTestId('planet-rule');
    expect(panel?.querySelector('h2')?.textContent).toBe('La règle de cette Planète');
    expect(panel?.querySelector('.planet-rule-text')?.textContent).toMatch(
      /^Le plateau montre trois Planètes séparées/,
    );
    expect(panel?.textContent).toContain(
      'Sous-planète (entourée)\u202f: quand toutes ses cases sont couvertes, elle rapporte 2 Médailles de plus, même sous une Météorite',
    );
    expect(panel?.querySelectorAll('details')).toHaveLength(2);
  });
});

describe('a Horizon Group rover carrying a meteorite', () => {
  it('carries the meteorite lying on its square; another meteorite there stays on the ground (§8.2, R13)', () => {
    const g = scenario({ players: 1 })
      .rover('0', 0, [4, 4])
      .rover('0', 1, [7, 7])
      .meteorite('0', [4, 4], [4, 4], [7, 7])
      .start();
    const board = g.board('0');
    expect(carriedMeteorites(board).size).toBe(0);
    board.corp.carrying = [0];
    expect([...carriedMeteorites(board)]).toEqual([[0, cellIndex(4, 4)]]);
    expect(squareTip(i18next.getFixedT('en'), planetById(board.planet), cellIndex(4, 4), board)).toBe(
      'Column 4, row 4\nRover 1 carries a meteorite.',
    );
    expect(squareTip(i18next.getFixedT('fr'), planetById(board.planet), cellIndex(4, 4), board)).toBe(
      'Colonne 4, ligne 4\nLe Rover 1 transporte une Météorite.',
    );
    board.corp.carrying = [0, 1];
    expect([...carriedMeteorites(board)]).toEqual([
      [0, cellIndex(4, 4)],
      [1, cellIndex(7, 7)],
    ]);
  });

  it('carries nothing when no meteorite lies under the rover, or the board has no corporation state (§8.2)', () => {
    const g = scenario({ players: 1 }).rover('0', 0, [4, 4]).start();
    const board = g.board('0');
    board.corp.carrying = [0];
    expect(carriedMeteorites(board).size).toBe(0);
    expect(carriedMeteorites({ ...board, corp: undefined } as never).size).toBe(0);
  });
});
