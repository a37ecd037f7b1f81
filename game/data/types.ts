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
  /** Every other field of the reference entry (special layers, notes), verbatim. */
  extra: PlanetExtra;
}

/** The layers of letters some faces carry: 12 rows of 12, a letter per square, '.' off the planet. */
export type PlanetLetterLayer = 'sides' | 'subPlanetMap';

/** The lists of squares some faces carry. */
export type PlanetSquareList =
  'rulebookSeamEdgeCells' | 'cityCells' | 'toxicCells' | 'electricCells' | 'holeCells';

/** A quadrant of Persephone, its ranges inclusive, and the resource icon it forbids (R22). */
export interface PlanetQuadrant {
  name: string;
  x: [number, number];
  y: [number, number];
  forbiddenResource: Terrain;
}

/**
 * A planet's fields beyond its grid (planets.json, BOARD-NOTES.md): the special layers the planets'
 * rules read, checked by `npm run data`, and the rest of the entry (counts, notes) verbatim.
 */
export type PlanetExtra = { [layer in PlanetLetterLayer]?: string[] } & {
  [list in PlanetSquareList]?: XY[];
} & {
  /** Persephone's quadrants (R22). */
  quadrants?: PlanetQuadrant[];
  /** Tartarus: the pairs of squares a diagonal rover step joins across the chasm. */
  chasmDiagonalCrossings?: [XY, XY][];
  /** Gaia: the medals of each city left uncovered (R30). */
  uncoveredCityMedals?: number;
  /** Cerberus: each sub-planet of `subPlanetMap` by its letter, and its medals if fully covered. */
  subPlanets?: PlanetSubPlanet[];
  [field: string]: unknown;
};

/** One sub-planet of a face split in several (Cerberus), as the reference describes it. */
export interface PlanetSubPlanet {
  /** Its letter in `subPlanetMap`. */
  id: string;
  bonusMedalsIfFullyCovered?: number;
  [note: string]: unknown;
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
  /** Other fields of the reference entry (Wormhole's boxes, notes), checked where the board reads them. */
  extra?: TrackSquareExtra;
}

/** Which half of which two-option box a square is (Wormhole Corp.'s boxed track). */
export interface TrackSquareBox {
  box: number;
  half: 'lower' | 'upper';
}

/** A track square's fields beyond its rewards: its box (checked by `npm run data`) and notes, verbatim. */
export type TrackSquareExtra = Partial<TrackSquareBox> & { note?: string; [field: string]: unknown };

export interface TrackData {
  top: number;
  atTop: string;
  topMovement?: number;
  levels: TrackSquareData[];
  /** Other fields of the reference track (topLabel, note), verbatim. */
  extra?: { topLabel?: string; note?: string; [field: string]: unknown };
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
  /** Other fields (trackShape, frenchName, designerFaq), verbatim. */
  extra: CorporationExtra;
}

/** A corporation's fields beyond its tracks and techs: the track shape checked by `npm run data`, the rest verbatim. */
export interface CorporationExtra {
  /** The board's French name. */
  frenchName: string;
  /** How the tracks differ from five straight columns (§8.2), on the boards whose do. */
  trackShape?: TrackShape;
  /** Other fields (bgaIndex, advantage, weakness, designerFaq), verbatim. */
  [field: string]: unknown;
}

/** The reference data's prose beside a structure, for readers; the rules read only the typed fields. */
interface TrackShapeNotes {
  [note: string]: unknown;
}

/** Republic: the seven civ milestones and the forced regression each brings (§5.4). */
export interface RepublicTrackShape extends TrackShapeNotes {
  kind: 'republicCiv';
  civMilestones: { level: number; rank: number }[];
  regression: { choices: Track[]; steps: number; [note: string]: unknown };
}

/** One stop of Wormhole's boxed track: the start square or a box, its rows and the option each row gives. */
export interface WormholeBox {
  position: number;
  rows: number[];
  medalPassedToReach: number | null;
  options: Reward[][];
}

/** Wormhole Corp.: one track is a row of two-option boxes. */
export interface WormholeTrackShape extends TrackShapeNotes {
  kind: 'wormholeChoiceBoxes';
  track: Track;
  positions: WormholeBox[];
}

/** One step of Oasis's water path across the other columns (R15). */
export interface OasisPathStep {
  step: number;
  track: Track;
  level: number;
  benefits: Reward[];
  /** The water medal printed on this step (water-column steps only). */
  waterMedal?: number;
  [note: string]: unknown;
}

/** Oasis Ultd.: the water tracker follows a path across the other tracks. */
export interface OasisTrackShape extends TrackShapeNotes {
  kind: 'oasisWaterPath';
  path: OasisPathStep[];
}

/** Makeshift: the columns from left to right, as the board prints them (R24). */
export interface MakeshiftTrackShape extends TrackShapeNotes {
  kind: 'makeshiftDiagonal';
  columnOrder: Track[];
}

/** Jump Drive: the tech slots A–F a lifepod may fill (R32). */
export interface JumpDriveTrackShape extends TrackShapeNotes {
  kind: 'jumpDriveTechSlots';
  slots: string[];
}

/** Boards whose shape is told in prose only: their rules live in their hooks. */
export interface ProseTrackShape extends TrackShapeNotes {
  kind: 'cosmosLifepods' | 'horizonCarry' | 'fluxToken';
}

export type TrackShape =
  | RepublicTrackShape
  | WormholeTrackShape
  | OasisTrackShape
  | MakeshiftTrackShape
  | JumpDriveTrackShape
  | ProseTrackShape;

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

/** A rule of the round's event (events.json `roundRules`), in force until the next round (§3.4). */
export type RoundRule =
  | { rule: 'roverCannotEnterTerrain'; terrain: Terrain }
  | { rule: 'tileMayNotTouchEdge' }
  | { rule: 'tileMayNotCoverIce' }
  | { rule: 'tileMayNotTouchMatchingTerrain' }
  | { rule: 'onlyOneTileResourceAdvances' }
  | { rule: 'noMilestoneBenefits' }
  | { rule: 'noSynergyBoosts' };

/** The trackers an event names: some of them, or `any`. */
export type EventTracks = 'any' | Track[];

/**
 * One step of an event card's structured effect (§7.3); `op` names an entry of
 * EVENT_EFFECT_VOCABULARY. Every field is the reference entry's, checked by `npm run data`.
 */
export type EventEffect =
  | { op: 'advanceTracker'; tracks: EventTracks; steps: number; benefits: boolean; synergyBoost?: boolean }
  | { op: 'regressTracker'; tracks: EventTracks; steps: number }
  /** One of the options, each an effect or a list of effects (events 117/118). */
  | { op: 'choice'; options: (EventEffect | EventEffect[])[] }
  | { op: 'peekNextEvent' }
  | { op: 'gainBiomassPatch'; count: number }
  | { op: 'collectFromPlanet'; item: 'lifepod' | 'meteorite'; count: number }
  /** A piece on the planet destroyed; a rover only while more than `onlyIfMoreThan` stand there. */
  | { op: 'destroyOnPlanet'; item: 'lifepod' | 'rover'; count: number; onlyIfMoreThan?: number }
  | { op: 'destroyCollected'; item: 'lifepod' | 'meteorite'; count: number }
  | { op: 'addMeteorite'; count: number; where: 'emptyMeteoriteSymbolOnPlacedTile' }
  | { op: 'gainRover'; count: number; placement: 'tilePlacedThisRound' }
  /** Shared: each civ pile gains (`delta` > 0) or loses random cards. */
  | { op: 'civPilesAdjust'; delta: number; perRank: boolean; random: boolean; shared: boolean }
  | { op: 'drawPrivateObjective'; count: number }
  | { op: 'destroyPrivateObjective'; count: number }
  | { op: 'rotateStation'; to: 'anyDepot'; shared: boolean }
  | { op: 'removeStationStack'; chooseFrom: 'currentDepot'; shared: boolean }
  | ({ op: 'roundRule' } & RoundRule);

/** Event cards (optional module, mandatory in solo, §7.3). */
export interface EventCardData {
  id: number;
  /** Number printed on the card (id - 64). */
  printedNumber: number;
  /** Short label (event cards have no printed title). */
  name: string;
  color: EventColor;
  soloOnly: boolean;
  effect: string;
  structured: EventEffect[];
  /** Every other field of the reference entry (flavorGist, playerChoices, notes, sameEffectAs), verbatim. */
  extra: Record<string, unknown>;
}

/** Solo target score: base + one adjustment per colour, looked up by how many cards of that colour are in the deck. */
export interface EventSoloTargetData {
  base: number;
  adjustmentByCount: { cards: string; red: number; orange: number; green: number }[];
  [field: string]: unknown;
}
