/**
 * One lookup for the rules a board plays by (§8.1, §8.2): its planet's data, geometry and hooks, and
 * its corporation's data and hooks. The rules ask this instead of resolving each part by id.
 */
import type { CellIndex, PlayerBoard } from '../core/types';
import { corporationById, planetById } from '../data';
import type { CorporationData } from '../data/types';
import type { CorporationRules } from '../content/corporation-base';
import { corporationRules } from '../content/corporations';
import { planetRules, type PlanetRules } from '../content/planets';
import { planetGeometry, type PlanetGeometry } from './board';

export interface BoardRules {
  /** The planet face's geometry; its data is `geometry.planet`. */
  geometry: PlanetGeometry;
  planet: PlanetRules;
  /** The corporation's data, the first argument of its hooks. */
  corp: CorporationData;
  corporation: CorporationRules;
}

// Resolved once per planet and corporation pair: the engine asks on every step of every turn.
const resolved = new Map<string, Map<string, BoardRules>>();

/**
 * The board's planet and corporation, resolved. The hook objects are the registries' own, so a hook
 * a test replaces on them is seen here too.
 */
export function boardRules(board: Pick<PlayerBoard, 'planet' | 'corporation'>): BoardRules {
  let byCorporation = resolved.get(board.planet);
  if (!byCorporation) {
    byCorporation = new Map();
    resolved.set(board.planet, byCorporation);
  }
  let rules = byCorporation.get(board.corporation);
  if (!rules) {
    rules = {
      geometry: planetGeometry(planetById(board.planet)),
      planet: planetRules(board.planet),
      corp: corporationById(board.corporation),
      corporation: corporationRules(board.corporation),
    };
    byCorporation.set(board.corporation, rules);
  }
  return rules;
}

/**
 * A board's corporation hooks, bound to the board. A class rather than an object of closures:
 * the rules ask it on every placement and gain, and its methods live once on the prototype.
 */
export class BoardHooks {
  private readonly corp: CorporationData;
  private readonly rules: CorporationRules;

  constructor(private readonly board: PlayerBoard) {
    const rules = boardRules(board);
    this.corp = rules.corp;
    this.rules = rules.corporation;
  }

  placementIgnoresAdjacency(tileId: number | null): boolean {
    return this.rules.placementIgnoresAdjacency(this.corp, this.board, tileId);
  }

  patchMayCover(cell: CellIndex, endOfGame: boolean): boolean {
    return this.rules.patchMayCover(this.corp, this.board, cell, endOfGame);
  }

  mayStoreBiomass(): boolean {
    return this.rules.mayStoreBiomass(this.corp, this.board);
  }

  movementGain(amount: number): number {
    return this.rules.movementGain(this.corp, this.board, amount);
  }

  waterStepsOnIce(): number {
    return this.rules.waterStepsOnIce(this.corp, this.board);
  }

  meteoritesLand(): boolean {
    return this.rules.meteoritesLand(this.corp, this.board);
  }
}

/** The board's corporation hooks, bound to the board: `corporationHooks(b).movementGain(2)`. */
export const corporationHooks = (board: PlayerBoard): BoardHooks => new BoardHooks(board);
