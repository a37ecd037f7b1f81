/**
 * Lacuna (§8.1): its 15 holes are not squares (tiles cannot cover them, rovers cannot enter them,
 * completion skips them) and do not make edge, both as its data says: the base rules suffice.
 */
import type { PlanetRules } from '../planets';

export const lacunaRules: Partial<PlanetRules> = {};
