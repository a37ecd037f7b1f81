import { techOn, type CorporationRules } from '../corporation-base';

/** Universal Coalition's five techs (corporations.json), each bending one shared rule (§5.11). */
export const universalCoalition: Partial<CorporationRules> = {
  placementIgnoresAdjacency: (corp, board) => techOn(corp, board, 'ignoreAdjacency'),
  mayStoreBiomass: (corp, board) => techOn(corp, board, 'storeBiomass'),
  movementGain: (corp, board, amount) => amount + (techOn(corp, board, 'roverMovePlusOne') ? 1 : 0), // R6
  waterStepsOnIce: (corp, board) => (techOn(corp, board, 'doubleWaterFromPlacement') ? 2 : 1),
  meteoritesLand: (corp, board) => !techOn(corp, board, 'meteorImmune'),
};
