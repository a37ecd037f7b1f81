/**
 * Types of the component data. The data modules beside this file are generated from
 * assets/reference/*.json by `npm run data`; test/data.test.ts checks they still agree.
 */
export type Terrain = 'civ' | 'water' | 'biomass' | 'rover' | 'tech' | 'energy';
export type Track = 'civ' | 'water' | 'biomass' | 'rover' | 'tech';
export type XY = [number, number];

export interface ShapeData {
  id: number;
  /** Short name used by the reference data (N, F, I, v, t, …). */
  name: string;
  polyomino: string;
  size: number;
  ring: 'small' | 'large';
  width: number;
  height: number;
  cells: XY[];
  halfA: XY[];
  halfB: XY[];
  resourceCellA: XY;
  resourceCellB: XY;
  meteorCell: XY;
}

export interface TileCellData {
  x: number;
  y: number;
  terrain: Terrain;
  resource: boolean;
  meteor: boolean;
}

export interface TileData {
  id: number;
  key: string;
  shape: number;
  terrains: [Terrain, Terrain];
  meteor: boolean;
  /** Same order as the shape's cells. */
  cells: TileCellData[];
}

export interface StationData {
  /** Shapes of the central disc, positions 0–5. */
  smallShapes: number[];
  /** Shapes of the outer ring, positions 0–5. */
  largeShapes: number[];
  /** Indicator positions by player count (§2.3). */
  seatPositions: Record<number, number[]>;
}

export interface PlanetData {
  id: string;
  name: string;
  side: 'symmetric' | 'asymmetric';
  deluxe: boolean;
  complexity: number;
  rule: string;
  rowMedals: number[];
  columnMedals: number[];
  /** grid[y][x], legend in planets.json (L land, I ice, P lifepod, . outside, H hole, …). */
  grid: string[];
  lifepodCells: XY[];
  perimeterCells: XY[];
  /** Every other field of the reference entry (special layers), verbatim. */
  extra: Record<string, unknown>;
}

export type Reward =
  | { kind: 'medal'; value: number }
  | { kind: 'synergy' }
  | { kind: 'civMilestone'; rank: number }
  | { kind: 'biomassMilestone' }
  | { kind: 'roverMilestone' }
  | { kind: 'techMilestone'; tech: number | string }
  | { kind: 'roverMove'; value: number }
  | { kind: 'advanceTrack'; track: Track }
  | { kind: 'choice'; options: Reward[][] };

export interface TrackSquareData {
  level: number;
  rewards: Reward[];
  /** false where the column prints no stoppable square at this row. */
  square: boolean;
  /** Other fields of the reference entry (Wormhole boxes, notes), verbatim. */
  extra?: Record<string, unknown>;
}

export interface TrackData {
  top: number;
  atTop: string;
  topMovement?: number;
  levels: TrackSquareData[];
  /** Other fields of the reference track (topLabel, note), verbatim. */
  extra?: Record<string, unknown>;
}

export interface TechData {
  level: number | string;
  text: string;
  effect: string;
  timing: string;
  /** Other fields of the reference tech (repoTiming, repoBehaviour, clarification, slot, trigger), verbatim. */
  extra?: Record<string, unknown>;
}

export interface CorporationData {
  id: string;
  name: string;
  side: 'symmetric' | 'asymmetric';
  deluxe: boolean;
  complexity: number;
  roverCount: number;
  specialRule: string;
  tracks: Record<Track, TrackData>;
  techUnlock: { mode: string; milestoneRows?: number[]; cumulative?: boolean; [k: string]: unknown };
  techs: TechData[];
  /** Other fields (trackShape, designerFaq), verbatim. */
  extra: Record<string, unknown>;
}

export type CivEffect =
  | {
      op: 'advanceTrackers';
      count: number;
      stepsEach: number;
      distinct: boolean;
      tracks: 'any' | Track[];
      benefits: 'all' | 'allButSynergy' | 'none';
    }
  | { op: 'advanceAllTrackersToPosition'; position: number; benefits: 'all' | 'allButSynergy' | 'none' }
  | { op: 'gainBiomassPatches'; count: number }
  | { op: 'gainRoverMovement'; amount: number }
  | { op: 'teleportRover'; count: number }
  | { op: 'placeExtraTileFromDepot'; advanceForResources: boolean }
  | { op: 'collectFromPlanet'; item: 'lifepod' | 'meteorite'; count: number }
  | { op: 'destroyMeteoritesInLine' }
  | { op: 'destroyFromPlanet'; item: 'meteorite'; count: number }
  | { op: 'medals'; amount: number }
  | { op: 'medalsPer'; per: string; amount: number }
  | { op: 'setLifepodValue'; medalsEach: number }
  | { op: 'meteoriteRepoSet'; medalsPerThreeMeteorites: Record<string, number> }
  | { op: 'commerceAgreementSet'; medalsByCount: Record<string, number> };

export interface CivCardData {
  id: number;
  name: string;
  rank: number;
  timing: 'immediate' | 'endGame';
  effect: string;
  structured: CivEffect[];
}

export type NeighborMeasure =
  | { type: 'resourceIconsOnEdge'; resource: Terrain }
  | { type: 'largestTerrainArea'; terrain: Terrain }
  | { type: 'terrainAreaCount'; terrain: Terrain }
  | { type: 'resourceIconsOnPlanet'; resource: Terrain }
  | { type: 'tracksAtMaximum' }
  | { type: 'collectedCount'; item: 'lifepod' | 'meteorite' };

export type PrivateCheck =
  | { type: 'terrainRectangle'; terrain: Terrain; width: number; height: number; eitherOrientation: boolean }
  | { type: 'terrainAreaWithResourceIcons'; terrain: Terrain; minIcons: number }
  | { type: 'trackAtMaximum'; track: Track }
  | { type: 'resourceIconsAtMost'; resource: Terrain; max: number }
  | { type: 'collectedAtLeast'; item: 'lifepod' | 'meteorite'; min: number }
  | { type: 'collectedMoreThan'; more: 'lifepod' | 'meteorite'; than: 'lifepod' | 'meteorite' }
  | { type: 'allPlanetSquaresCovered'; kind: 'ice' | 'land' };

export interface ObjectiveCardData {
  id: number;
  neighbor: {
    name: string;
    condition: string;
    measure: NeighborMeasure;
    direction: 'most' | 'fewest';
    win: number;
    tie: number;
  };
  private: { name: string; condition: string; check: PrivateCheck; medals: number };
}

export type EventColor = 'green' | 'orange' | 'red';

/** One step of an event card's structured effect; `op` names an entry of EVENT_EFFECT_VOCABULARY. Loosely typed. */
export interface EventEffectData {
  op: string;
  [param: string]: unknown;
}

/** Event cards (optional module, mandatory in solo). Not used by the engine yet, so loosely typed. */
export interface EventCardData {
  id: number;
  /** Number printed on the card (id - 64). */
  printedNumber: number;
  /** Short label (event cards have no printed title). */
  name: string;
  color: EventColor;
  soloOnly: boolean;
  effect: string;
  structured: EventEffectData[];
  /** Every other field of the reference entry (flavorGist, playerChoices, notes, sameEffectAs), verbatim. */
  extra: Record<string, unknown>;
}

/** Solo target score: base + one adjustment per colour, looked up by how many cards of that colour are in the deck. */
export interface EventSoloTargetData {
  base: number;
  adjustmentByCount: { cards: string; red: number; orange: number; green: number }[];
  [field: string]: unknown;
}
