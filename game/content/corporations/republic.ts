/** republic (§8.2): not playable yet; its hooks replace this null. */
import type { CorporationRules } from '../corporations';

export const republic: Partial<CorporationRules> | null = null;
