/**
 * Tartarus (§8.1): a chasm between squares splits the planet into west and east. No tile lies on
 * both sides (adjacency across it still counts); rovers step across only diagonally at its two
 * breaks, or by teleport.
 */
import { refuse } from '../../core/messages';
import { cellIndex, cellX, cellY } from '../../rules/board';
import { present } from '../../core/present';
import type { PlanetRules } from '../planets';
import { letterLayer, perPlanet } from './layers';

/** 'W' or 'E' per cell ('.' off the planet). */
const sideOf = perPlanet((geometry) => letterLayer(geometry.planet, 'sides').join(''));

/** The breaks as pairs of cells a diagonal step may join across the chasm. */
const breaks = perPlanet((geometry) =>
  present(geometry.planet.extra.chasmDiagonalCrossings, 'chasm crossings of Tartarus').map(
    ([a, b]) => [cellIndex(a[0], a[1]), cellIndex(b[0], b[1])] as const,
  ),
);

export const tartarusRules: Partial<PlanetRules> = {
  restriction(geometry, _board, cells) {
    const sides = sideOf(geometry);
    const first = sides[cells[0] as number];
    if (cells.some((c) => sides[c] !== first)) return refuse('reason.planetAcrossChasm', undefined, '§8.1');
    return null;
  },
  roverEntryRefusal(geometry, _board, from, to) {
    if (from === null) return null; // a teleport ignores the chasm
    const sides = sideOf(geometry);
    if (sides[from] === sides[to]) return null;
    if (breaks(geometry).some(([a, b]) => (a === from && b === to) || (a === to && b === from))) return null;
    return refuse(
      'reason.roverChasm',
      { x: cellX(to), y: cellY(to), fromX: cellX(from), fromY: cellY(from) },
      '§8.1',
    );
  },
};
