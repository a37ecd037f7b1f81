// @vitest-environment jsdom
/**
 * Every symbol of the planet has words (point 8 of "The table, second pass"): the key names ice,
 * lifepods, meteorites, rovers, holes and the ✓ / ✗ beside rows and columns; every square of the
 * planet has a tooltip text (terrain, ice, lifepod, meteorite, rover, hole, outside), and so do the
 * line marks; help mode answers on the planet's squares instead of "Nothing to explain here".
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../client/i18n';
import { planetById } from '../../game/data';
import { cellIndex } from '../../game/rules/board';
import { planetLayers } from '../../client/table/planet-layers';
import { lineMarkText, squareContents, squareText } from '../../client/table/square-words';
import { setHelpAt } from '../../client/prefs/table-aids';
import { TerrainLegend } from '../../client/table/TerrainLegend';
import { GameView } from '../../client/table/GameView';
import { scenario } from '../support/scenario';
import { domPerTest } from './dom';

const dom = domPerTest('en');
const en = i18next.getFixedT('en');
const fr = i18next.getFixedT('fr');

describe("the planet's key", () => {
  it('names every symbol besides the terrains, holes only on a planet that has them', () => {
    dom.render(<TerrainLegend holes />);
    const text = dom.byTestId('terrain-legend')?.textContent ?? '';
    for (const word of [
      'Ice',
      'Lifepod',
      'Meteorite',
      'Rover',
      'Hole (not a square)',
      'Row or column complete',
      'Complete, cancelled by a meteorite',
    ])
      expect(text).toContain(word);
    dom.render(<TerrainLegend />);
    expect(dom.byTestId('terrain-legend')?.textContent).not.toContain('Hole');
  });

  it('says the same in French', async () => {
    await act(() => i18next.changeLanguage('fr'));
    dom.render(<TerrainLegend holes />);
    const text = dom.byTestId('terrain-legend')?.textContent ?? '';
    for (const word of [
      'Glace',
      'Module de survie',
      'Météorite',
      'Trou (pas une case)',
      'Ligne ou colonne complète',
    ])
      expect(text).toContain(word);
    await act(() => i18next.changeLanguage('en'));
  });
});

describe('the words of every square', () => {
  const g = scenario({ players: 1 })
    .rover('0', 0, [4, 4])
    .meteorite('0', [6, 6])
    .lifepods('0', [5, 5])
    .start();
  const board = g.board('0');
  const ice = planetLayers(planetById(board.planet)) && board.planet;

  it('every square of the planet, and the outside, has a text that starts with its column and row', () => {
    for (let c = 0; c < 144; c++) {
      const text = squareText(en, board, c);
      expect(text).toMatch(/^Column \d+, row \d+: /);
      expect(squareText(fr, board, c)).toMatch(/^Colonne \d+, ligne \d+\u202f: /);
    }
    expect(ice).toBeTruthy();
  });

  it('names and explains lifepods, meteorites and rovers', () => {
    expect(squareContents(en, board, cellIndex(5, 5))).toMatch(/lifepod/);
    expect(squareText(en, board, cellIndex(5, 5))).toMatch(
      /Lifepod: a rover that ends a move here rescues it/,
    );
    expect(squareText(en, board, cellIndex(6, 6))).toMatch(/Meteorite: no tile may cover it/);
    expect(squareText(en, board, cellIndex(4, 4))).toMatch(/^Column 4, row 4: .*rover 1/);
    expect(squareText(fr, board, cellIndex(5, 5))).toMatch(/Module de survie\u202f: un Rover/);
  });

  it('says ice is ice, and a hole is a hole, not "not a square of the planet"', () => {
    const icy = scenario({ players: 1, setupData: { seats: [{ planet: 'k-273' }] } })
      .start()
      .board('0');
    const geometry = planetLayers(planetById('k-273'));
    expect(geometry).toBeTruthy();
    const iceCell = [...Array(144).keys()].find((c) => squareContents(en, icy, c).includes('ice'));
    expect(iceCell).toBeDefined();
    expect(squareText(en, icy, iceCell!)).toMatch(
      /Ice: a tile whose water covers ice advances the water track/,
    );

    const lacuna = scenario({ players: 1, setupData: { seats: [{ planet: 'lacuna' }] } })
      .start()
      .board('0');
    const hole = planetLayers(planetById('lacuna')).square.indexOf('hole');
    expect(hole).toBeGreaterThanOrEqual(0);
    expect(squareContents(en, lacuna, hole)).toBe('a hole in the planet (not a square)');
    expect(squareText(en, lacuna, hole)).toMatch(/Hole \(dark pit\)|Hole: no tile covers it/);
    expect(squareContents(fr, lacuna, hole)).toBe('un trou dans la Planète (pas une case)');
    expect(squareContents(en, lacuna, 0)).toBe('outside the planet');
  });

  it('says what the ✓ and ✗ beside rows and columns mean', () => {
    expect(lineMarkText(en, 'row', 3, 'complete')).toBe('✓ Row 3 is complete: it scores at the end.');
    expect(lineMarkText(en, 'column', 7, 'cancelled')).toMatch(/^✗ Column 7 is complete, but a meteorite/);
    expect(lineMarkText(fr, 'row', 3, 'complete')).toBe(
      '✓ La ligne 3 est complète\u202f: elle rapporte des points en fin de partie.',
    );
    expect(lineMarkText(en, 'row', 3, 'incomplete')).toBeNull();
  });
});

describe('help mode on the planet', () => {
  it("answers a tap on the drawing with the square's words, and on the text view's squares", () => {
    const G = scenario({ players: 2 }).start().state;
    dom.render(<GameView G={G} player="0" names={{ '0': 'Ada', '1': 'Bea' }} send={() => {}} />);
    act(() => (dom.byTestId('help-toggle') as HTMLElement).click());
    // A square of the text view: its words, never "Nothing to explain here".
    const td = dom.host.querySelector('[data-testid="planet-0"] td.square') as HTMLElement;
    act(() => td.click());
    const sheet = dom.byTestId('help-sheet')?.textContent ?? '';
    expect(sheet).toMatch(/^Column \d+, row \d+: /);
    expect(sheet).not.toContain('Nothing to explain here');
    // The drawing answers by the point tapped (jsdom lays nothing out: the answer is stood in for).
    const canvas = dom.byTestId('planet-0-canvas');
    if (canvas) {
      setHelpAt(canvas, () => 'Column 3, row 2: water.');
      act(() => canvas.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 10, clientY: 10 })));
      expect(dom.byTestId('help-sheet')?.textContent).toContain('Column 3, row 2: water.');
    }
  });
});
