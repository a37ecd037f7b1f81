/**
 * Oasis Ultd. (§8.2, R15): the water tracker follows a 24-step path across the other tracks
 * (corporations.json `trackShape.path`), claiming each step's benefits but scoring only the water
 * medals of the path. A tracker never enters a square another tracker occupies (tech 1 jumps over,
 * claiming only the square it lands on). A placed tile advances water one step per water square
 * on ice. Techs: start-of-round movement per rover on water (2, R11), water for a tile off the
 * ice (3), a patch (4) and a synergy boost (5) for a tile with a water icon.
 */
import type { CorporationData, OasisPathStep } from '../../data/types';
import type { PlayerBoard, SquareRef, Track } from '../../core/types';
import { TRACKS } from '../../core/types';
import { planetById, tileById } from '../../data';
import { planetGeometry } from '../../rules/board';
import {
  byTrack,
  medalAtOrBelow,
  occupiedBy,
  printedRewards,
  techOn,
  type CorporationRules,
} from '../corporation-base';

const WATER: Track = 'water';

/** The water path (corporations.json `trackShape`). */
function pathOf(corp: CorporationData): OasisPathStep[] {
  const shape = corp.extra.trackShape;
  if (shape?.kind !== 'oasisWaterPath') throw new Error(`Corporation ${corp.id} has no water path.`);
  return shape.path;
}

/** Each tracker's squares in order, from its start to its top: the path for water, the column otherwise. */
const linesByCorporation = new Map<string, Record<Track, SquareRef[]>>();

function linesOf(corp: CorporationData): Record<Track, SquareRef[]> {
  let lines = linesByCorporation.get(corp.id);
  if (!lines) {
    const built = {} as Record<Track, SquareRef[]>;
    for (const t of TRACKS) {
      built[t] =
        t === WATER
          ? pathOf(corp).map((s) => ({ col: s.track, row: s.level }))
          : corp.tracks[t].levels
              .filter((l) => l.square !== false && l.level <= corp.tracks[t].top)
              .map((l) => ({ col: t, row: l.level }));
    }
    lines = built;
    linesByCorporation.set(corp.id, lines);
  }
  return lines;
}

const indexOn = (line: SquareRef[], at: SquareRef): number =>
  line.findIndex((s) => s.col === at.col && s.row === at.row);

/**
 * The square a tracker moves to, one place along its line in `direction`: an occupied square
 * blocks it, unless tech 1 lets it jump past every occupant in a row.
 */
function moveAlong(
  corp: CorporationData,
  board: PlayerBoard,
  track: Track,
  direction: 1 | -1,
): SquareRef | null {
  const line = linesOf(corp)[track];
  const jump = techOn(corp, board, 'skipBlockingTracker');
  const from = indexOn(line, board.trackers[track]);
  if (from < 0) throw new Error(`The ${track} tracker stands off its track.`);
  for (let i = from + direction; i >= 0 && i < line.length; i += direction) {
    const square = line[i] as SquareRef;
    if (!occupiedBy(board, square, track)) return square;
    if (!jump) return null;
  }
  return null;
}

/** The path step the water tracker stands on. */
function waterStep(corp: CorporationData, board: PlayerBoard): number {
  return indexOn(linesOf(corp)[WATER], board.trackers[WATER]);
}

/** Whether a tile shows a water resource icon. */
const hasWaterIcon = (tileId: number): boolean =>
  tileById(tileId).cells.some((c) => c.resource && c.terrain === 'water');

export const oasisUltd: Partial<CorporationRules> = {
  nextSquares(corp, board, track) {
    const next = moveAlong(corp, board, track, 1);
    return next ? [next] : [];
  },

  previousSquare: (corp, board, track) => moveAlong(corp, board, track, -1),

  rewardsAt(corp, _board, track, square) {
    if (track !== WATER) return printedRewards(corp, square);
    // The water tracker claims the path's benefits, whatever column the step lies on.
    return pathOf(corp).find((s) => s.track === square.col && s.level === square.row)?.benefits ?? [];
  },

  medalsByTrack(corp, board) {
    // R15: the latest water medal reached along the path (3, 6, 9, 12, 15).
    const path = pathOf(corp);
    let water = 0;
    for (let i = waterStep(corp, board); i >= 0; i--) {
      const medal = path[i]?.waterMedal;
      if (medal !== undefined) {
        water = medal;
        break;
      }
    }
    return byTrack((t) => (t === WATER ? water : medalAtOrBelow(corp, board.trackers[t])));
  },

  tileGains(_corp, board, _after, tileId, cells, gains) {
    const tile = tileById(tileId);
    const ice = planetGeometry(planetById(board.planet)).isIce;
    const squaresOnIce = tile.cells.filter((c, k) => c.terrain === 'water' && ice[cells[k] ?? -1]).length;
    // One step per water square on ice, in place of the standard single step.
    return gains.map((g) => (g.kind === 'advance' && g.track === WATER ? { ...g, steps: squaresOnIce } : g));
  },

  afterTilePlaced(corp, d, fx, tileId, cells) {
    const board = d.board;
    const ice = planetGeometry(planetById(board.planet)).isIce;
    if (techOn(corp, board, 'waterIfNoIce') && !cells.some((c) => ice[c]))
      fx.addItem(d, { kind: 'advance', track: WATER, steps: 1, source: 'tile' });
    if (!hasWaterIcon(tileId)) return;
    if (techOn(corp, board, 'biomassOnWaterTile')) fx.addItem(d, { kind: 'patch' });
    if (techOn(corp, board, 'synergyOnWaterTile')) fx.addItem(d, { kind: 'synergy' });
  },

  startOfRoundMovement(corp, board) {
    if (!techOn(corp, board, 'movePerRoverOnWater')) return 0;
    return board.rovers.filter((r) => r.cell !== null && !r.destroyed && board.terrain[r.cell] === 'water')
      .length;
  },
};
