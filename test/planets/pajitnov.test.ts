/**
 * Pajitnov (§8.1, R18): a tile slides in straight from outside the grid; if neither can, one is
 * placed normally, for the round's tile and for a civ card's extra tile alike.
 */
import { describe, expect, it } from 'vitest';
import { tileById } from '../../game/data';
import {
  legalPatchCells,
  legalPlacements,
  placementCells,
  placementContext,
} from '../../game/rules/legality';
import { tileId } from '../support/scenario';
import { choicesOf, resolveRefusal } from '../civ-cards/support';
import { at, coverAllBut, onPlanet, placementsOf, salvageYardOn } from './support';

describe('Pajitnov (§8.1, R18)', () => {
  it('accepts a tile that slides in from one side though walled on another', () => {
    // A patch on (6, 4) blocks the way down to (6, 5)-(6, 6); from below, left and right it passes.
    const g = onPlanet('pajitnov')
      .patch('0', [5, 3], [5, 5], [4, 4], [6, 4])
      .depot('0', { small: 'i-civ-energy', large: 'I4-civ-energy' })
      .start();
    g.take('0', 'small');
    g.place('0', 0, 6, 5);
    expect(g.draft('0').placed).toBe(true);
  });

  it('a tile boxed in on every line out is refused, with R18 named', () => {
    // (5, 7) and (5, 8) free, walled: above (5, 6), below (5, 9), left (4, 7), (4, 8), right (6, 7), (6, 8).
    const g = onPlanet('pajitnov')
      .patch('0', [5, 6], [5, 9], [4, 7], [4, 8], [6, 7], [6, 8], [5, 5])
      .depot('0', { small: 'i-civ-energy', large: 'I4-civ-energy' })
      .start();
    g.take('0', 'small');
    expect(g.refusal('0', { type: 'placeTile', orientation: 0, x: 5, y: 7 })).toEqual({
      code: 'reason.planetMustSlide',
      rule: 'R18',
    });
  });

  it('lifepods and rovers do not block; patches are exempt', () => {
    const b = onPlanet('pajitnov').patch('0', [5, 6], [5, 9], [4, 7], [6, 7]).board('0');
    expect(legalPatchCells(placementContext(b))).toContain(at(5, 7));
    expect(b.lifepods.length).toBe(6);
  });

  it('R18: when neither depot tile can slide in, one is placed normally', () => {
    const g = coverAllBut(onPlanet('pajitnov'), 'pajitnov', [
      [5, 7],
      [5, 8],
    ])
      .depot('0', { small: 'i-civ-energy', large: 'I4-civ-energy' })
      .start();
    g.take('0', 'small');
    expect(g.draft('0').planetRestrictionWaived).toBe(true);
    g.place('0', 0, 5, 7);
    expect(g.draft('0').placed).toBe(true);
  });

  it('R18 for a civ card’s extra tile: it must slide in too, unless no depot tile can, and then goes in normally (Salvage Yard, §3.9, §4.8)', () => {
    // Bare: (0,5)–(0,6) on the west edge for the round's tile, and the walled pocket (5,7)–(5,8).
    const fallback = salvageYardOn('pajitnov', [
      [5, 7],
      [5, 8],
    ]);
    const spots = choicesOf(fallback, fallback.item('0', 'extraTile'));
    expect(spots.length).toBeGreaterThan(0);
    expect(spots.every((c) => c.stack === 'small' && c.x === 5 && c.y === 7)).toBe(true);
    fallback.resolve('0', 'extraTile', { stack: 'small', orientation: 0, x: 5, y: 7 }).confirm('0');
    expect(fallback.board('0').pieceAt[at(5, 8)]).not.toBe(-1);

    // (5,0)–(6,0) on the north edge is bare too: a tile can slide in there, so the pocket is refused.
    const kept = salvageYardOn('pajitnov', [
      [5, 7],
      [5, 8],
      [5, 0],
      [6, 0],
    ]);
    const extra = kept.item('0', 'extraTile');
    const sliding = choicesOf(kept, extra);
    expect(sliding.length).toBeGreaterThan(0);
    expect(sliding.every((c) => c.stack === 'small' && c.x === 5 && c.y === 0)).toBe(true);
    expect(resolveRefusal(kept, extra, { stack: 'small', orientation: 0, x: 5, y: 7 })).toEqual({
      code: 'reason.planetMustSlide',
      rule: 'R18',
    });
  });

  it('golden count: an O around a walled pocket, as a plain step-by-step slide gives', () => {
    const b = onPlanet('pajitnov')
      .patch('0', [5, 6], [5, 9], [4, 7], [4, 8], [6, 7], [6, 8], [5, 5])
      .board('0');
    const count = placementsOf(b, 'O-civ-energy');
    expect(count).toBe(120);
    // Plainly: move the footprint one square at a time off the grid; no step may overlap a piece.
    const shape = tileById(tileId('O-civ-energy')).shape;
    const slides = (cells: number[]) =>
      [
        [0, -1],
        [0, 1],
        [-1, 0],
        [1, 0],
      ].some(([dx, dy]) => {
        for (let k = 1; k <= 12; k++) {
          const moved = cells.map((c) => [(c % 12) + dx! * k, Math.floor(c / 12) + dy! * k]);
          const onGrid = moved.filter(([x, y]) => x! >= 0 && y! >= 0 && x! < 12 && y! < 12);
          if (onGrid.some(([x, y]) => b.pieceAt[y! * 12 + x!] !== -1)) return false;
          if (onGrid.length === 0) return true;
        }
        return true;
      });
    const plain = legalPlacements(placementContext(b, true), shape).filter((p) =>
      slides(placementCells(shape, p)),
    );
    expect(plain).toHaveLength(count);
  });
});
