/**
 * Oblivion (§8.1, R17): the black hole is not squares (nothing covers or enters it, completion
 * skips it) and only the outer border is edge, both as its data says: the base rules suffice.
 */
import type { PlanetRules } from '../planets';

export const oblivionRules: Partial<PlanetRules> = {};
