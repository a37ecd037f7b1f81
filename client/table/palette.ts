/** Colours and drawn patterns of the table; every terrain has a pattern besides its colour. */
import type { Terrain } from '../../game';
import { TERRAIN_COLOR } from '../i18n/labels';

export type TerrainPattern = 'stripes' | 'waves' | 'dots' | 'cross' | 'ring' | 'bolt';

/** The pattern of each terrain, matching `assets/terrain-<name>.svg` for the DOM legend. */
export const TERRAIN_PATTERN: Record<Terrain, TerrainPattern> = {
  civ: 'stripes',
  water: 'waves',
  biomass: 'dots',
  rover: 'cross',
  tech: 'ring',
  energy: 'bolt',
};

/** Dark ink of each terrain's pattern, readable on its colour. */
export const TERRAIN_INK: Record<Terrain, string> = {
  civ: '#3b2a10',
  water: '#0f2f55',
  biomass: '#173d14',
  rover: '#3d2412',
  tech: '#2c1a55',
  energy: '#4a3f00',
};

export const terrainColor = (t: Terrain): number => hex(TERRAIN_COLOR[t]);
export const terrainInk = (t: Terrain): number => hex(TERRAIN_INK[t]);

export const hex = (css: string): number => Number.parseInt(css.replace('#', ''), 16);

export const LAND = 0xefe8d6;
export const ICE = 0xdcefff;
export const ICE_INK = 0x7aa6cc;
/** A lifepod's shell: warm, away from every terrain's colour, so it reads as a piece. */
export const LIFEPOD = 0xf08c3a;
export const OUTLINE = 0x1d1d1d;
export const FITS = 0x1b7f2a;
export const BLOCKED = 0xb3261e;
export const HIGHLIGHT = 0x1f5fbf;
