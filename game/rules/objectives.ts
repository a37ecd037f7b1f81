/**
 * Objective cards, evaluated from their data (objectives.json): the neighbor measures compared
 * between two players (RULES §6.3 F) and the private checks worth their medals if met (§6.3 E, §7.2).
 */
import { corporationRules } from '../content/corporations';
import { planetRules } from '../content/planets';
import type {
  CorporationData,
  NeighborMeasure,
  ObjectiveCardData,
  PlanetData,
  PrivateCheck,
} from '../data/types';
import { CELLS, TRACKS, type PlayerBoard, type SquareRef } from '../core/types';
import { planetGeometry, type PlanetGeometry } from './board';
import {
  areaCount,
  hasTerrainRectangle,
  largestArea,
  mostIconsInOneArea,
  resourceIconsOnEdge,
  resourceIconsOnPlanet,
} from './areas';

/** What the measures need beyond the board itself. */
export interface ObjectiveContext {
  geometry: PlanetGeometry;
  /** Edge squares for objectives, as the planet says: its edge, plus Cerberus's seams (R16, R17, §4.2). */
  objectiveEdge: readonly boolean[];
  /** Squares that count as covered when bare (Petra's electric squares, R31). */
  coveredWhenBare: readonly boolean[];
  corporation: CorporationData;
}

const coveredWhenBareCache = new Map<string, boolean[]>();

function coveredWhenBare(planet: PlanetData, geometry: PlanetGeometry): boolean[] {
  let flags = coveredWhenBareCache.get(planet.id);
  if (!flags) {
    flags = new Array<boolean>(CELLS).fill(false);
    for (const c of planetRules(planet.id).energyLikeSquares(geometry)) flags[c] = true;
    coveredWhenBareCache.set(planet.id, flags);
  }
  return flags;
}

/** The edge used by objectives, as the planet's rules give it. */
export const objectiveEdge = (planet: PlanetData): readonly boolean[] =>
  planetRules(planet.id).objectiveEdge(planetGeometry(planet));

export function objectiveContext(planet: PlanetData, corporation: CorporationData): ObjectiveContext {
  const geometry = planetGeometry(planet);
  return {
    geometry,
    objectiveEdge: objectiveEdge(planet),
    coveredWhenBare: coveredWhenBare(planet, geometry),
    corporation,
  };
}

/** A tracker is at the top when it stands on the top row of the track it occupies. */
export function trackerAtTop(square: SquareRef, corporation: CorporationData): boolean {
  return corporationRules(corporation.id).isTopSquare(corporation, square);
}

export function neighborMeasure(measure: NeighborMeasure, board: PlayerBoard, ctx: ObjectiveContext): number {
  switch (measure.type) {
    case 'resourceIconsOnEdge':
      return resourceIconsOnEdge(board, { isEdge: ctx.objectiveEdge }, measure.resource);
    case 'largestTerrainArea':
      return largestArea(board, measure.terrain);
    case 'terrainAreaCount':
      return areaCount(board, measure.terrain);
    case 'resourceIconsOnPlanet':
      return resourceIconsOnPlanet(board, measure.resource);
    case 'tracksAtMaximum':
      return TRACKS.filter((t) => trackerAtTop(board.trackers[t], ctx.corporation)).length;
    case 'collectedCount':
      return collected(board, measure.item);
    default:
      return unknownType(measure);
  }
}

export function privateCheck(check: PrivateCheck, board: PlayerBoard, ctx: ObjectiveContext): boolean {
  switch (check.type) {
    case 'terrainRectangle':
      return hasTerrainRectangle(board, check.terrain, check.width, check.height, check.eitherOrientation);
    case 'terrainAreaWithResourceIcons':
      return mostIconsInOneArea(board, check.terrain) >= check.minIcons;
    case 'trackAtMaximum':
      // A track is at its maximum when a tracker stands on its top square, whatever its colour (Makeshift).
      return TRACKS.some(
        (t) => board.trackers[t].col === check.track && trackerAtTop(board.trackers[t], ctx.corporation),
      );
    case 'resourceIconsAtMost':
      return resourceIconsOnPlanet(board, check.resource) <= check.max;
    case 'collectedAtLeast':
      return collected(board, check.item) >= check.min;
    case 'collectedMoreThan':
      return collected(board, check.more) > collected(board, check.than);
    case 'allPlanetSquaresCovered':
      return allSquaresCovered(board, ctx, check.kind);
    default:
      return unknownType(check);
  }
}

/** The card's neighbor measure for one player. */
export function neighborValue(card: ObjectiveCardData, board: PlayerBoard, ctx: ObjectiveContext): number {
  return neighborMeasure(card.neighbor.measure, board, ctx);
}

/** Medals of the card's private face for one player: its printed value if met, else 0. */
export function privateObjectiveMedals(
  card: ObjectiveCardData,
  board: PlayerBoard,
  ctx: ObjectiveContext,
): number {
  return privateCheck(card.private.check, board, ctx) ? card.private.medals : 0;
}

/**
 * Medals of the two players sharing a neighbor card (§6.3 F): strictly better wins, equal values
 * tie (0–0 included), worse gets 0. "Fewest" cards reverse the comparison.
 */
export function scoreNeighborObjective(card: ObjectiveCardData, a: number, b: number): [number, number] {
  const { win, tie, direction } = card.neighbor;
  if (a === b) return [tie, tie];
  const aBetter = direction === 'most' ? a > b : a < b;
  return aBetter ? [win, 0] : [0, win];
}

/**
 * Medals when every player competes on one card (Jump Drive's objective for all, §6.3 F):
 * a single best takes the win, several tied best take the tie each, everyone else 0.
 */
export function scoreObjectiveAmongAll(card: ObjectiveCardData, values: readonly number[]): number[] {
  if (values.length === 0) return [];
  const { win, tie, direction } = card.neighbor;
  const best = direction === 'most' ? Math.max(...values) : Math.min(...values);
  const bestCount = values.filter((v) => v === best).length;
  return values.map((v) => (v !== best ? 0 : bestCount === 1 ? win : tie));
}

const collected = (board: PlayerBoard, item: 'lifepod' | 'meteorite'): number =>
  item === 'lifepod' ? board.collected.lifepods : board.collected.meteorites;

/** Whether no ice square (kind 'ice') or no non-ice square (kind 'land') is bare, or counts as covered (R31). */
function allSquaresCovered(board: PlayerBoard, ctx: ObjectiveContext, kind: 'ice' | 'land'): boolean {
  const { geometry, coveredWhenBare } = ctx;
  const wantIce = kind === 'ice';
  for (let i = 0; i < CELLS; i++) {
    if (
      geometry.isSquare[i] &&
      geometry.isIce[i] === wantIce &&
      board.pieceAt[i] === -1 &&
      !coveredWhenBare[i]
    )
      return false;
  }
  return true;
}

function unknownType(value: never): never {
  throw new Error(`Unknown objective type: ${JSON.stringify(value)}`);
}
