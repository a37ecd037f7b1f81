/**
 * Cerberus (§8.1): three sub-planets on one grid; tiles may straddle the seams. Each fully covered
 * sub-planet adds 2 medals, meteorites or not (R30); for objectives each sub-planet's outline is
 * edge, seams included (R16). The empty space between them is not squares, so completion skips it.
 */
import type { BonusToEarn, PlanetRules } from '../planets';
import { cellList, letterLayer, perPlanet } from './layers';

const BONUS = 2;

/** The squares of each sub-planet. */
const subPlanets = perPlanet((geometry) => {
  const map = letterLayer(geometry.planet, 'subPlanetMap').join('');
  const byLetter = new Map<string, number[]>();
  for (const c of geometry.squares) {
    const letter = map[c] as string;
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), c]);
  }
  return [...byLetter.values()];
});

const edgeWithSeams = perPlanet((geometry) => {
  const edge = geometry.isEdge.slice();
  for (const c of cellList(geometry.planet, 'rulebookSeamEdgeCells')) edge[c] = true;
  return edge;
});

export const cerberusRules: Partial<PlanetRules> = {
  extraMedals(geometry, board) {
    return subPlanets(geometry).filter((cells) => cells.every((c) => board.pieceAt[c] !== -1)).length * BONUS;
  },
  bonusesToEarn(geometry, board) {
    const out: BonusToEarn[] = [];
    for (const cells of subPlanets(geometry)) {
      const left = cells.filter((c) => board.pieceAt[c] === -1);
      if (left.length > 0) out.push({ medals: BONUS, squares: cells.length, left });
    }
    return out;
  },
  objectiveEdge: edgeWithSeams,
};
