/**
 * Wormhole Corp. (§8.2): a placed tile advances biomass only if its biomass terrain enlarges a
 * biomass area already on the planet, energy never picks biomass, and the biomass track is a row
 * of two-option boxes (corporations.json `trackShape`): each advance lands on one half of the next
 * box, which decides the one reward claimed (the printed boost or a patch). Its medals lie between
 * the boxes. Techs: reset the topped biomass tracker (1), patches on tiles (2), a doubled patch gain
 * once per round (3), stored patches (4), patches destroying meteorites at game end only (5, R14).
 */
import type { CorporationData, WormholeBox, WormholeTrackShape } from '../../data/types';
import type { CellIndex, PlayerBoard, SquareRef } from '../../core/types';
import { tileById } from '../../data';
import { present } from '../../core/present';
import { gridNeighbours } from '../../rules/board';
import { baseCorporationRules, techOn, unused, type CorporationRules } from '../corporation-base';

/** The boxed track (corporations.json `trackShape`). */
function boxesOf(corp: CorporationData): WormholeTrackShape {
  const shape = corp.extra.trackShape;
  if (shape?.kind !== 'wormholeChoiceBoxes') throw new Error(`Corporation ${corp.id} has no boxed track.`);
  return shape;
}

/** The index of the box (0 = the start square) holding a row of the boxed track. */
function boxAt(shape: WormholeTrackShape, row: number): number {
  const index = shape.positions.findIndex((p) => p.rows.includes(row));
  if (index < 0) throw new Error(`Row ${row} of the ${shape.track} track is not a square of its boxes.`);
  return index;
}

/** The box (or the start square) holding a row of the boxed track. */
const boxOf = (shape: WormholeTrackShape, row: number): WormholeBox =>
  present(shape.positions[boxAt(shape, row)], 'box of the boxed track');

/** Whether a square is the top of its track: the last box of the boxed track (§5.3). */
function isTopSquare(corp: CorporationData, square: SquareRef): boolean {
  const shape = boxesOf(corp);
  if (square.col !== shape.track) return baseCorporationRules.isTopSquare(corp, square);
  return boxAt(shape, square.row) === shape.positions.length - 1;
}

const RESET = 'resetBiomassTracker';
const DOUBLE_PATCH = 'twoBiomassPatches';

/**
 * Whether a tile's biomass terrain on `cells` touches biomass terrain already on the planet, i.e.
 * enlarges an existing area. A tile's biomass is one connected piece, so this is the same as "the
 * number of biomass areas does not grow"; either way the first biomass terrain never advances.
 */
function enlargesBiomassArea(board: PlayerBoard, tileId: number, cells: CellIndex[]): boolean {
  const tile = tileById(tileId);
  return cells.some(
    (cell, k) =>
      tile.cells[k]?.terrain === 'biomass' &&
      gridNeighbours(cell).some((n) => !cells.includes(n) && board.terrain[n] === 'biomass'),
  );
}

export const wormholeCorp: Partial<CorporationRules> = {
  nextSquares(corp, board, track) {
    const shape = boxesOf(corp);
    if (track !== shape.track) return baseCorporationRules.nextSquares(corp, board, track);
    const next = shape.positions[boxAt(shape, board.trackers[track].row) + 1];
    // Both halves of the next box: the player names one, which is the reward they take.
    return next ? next.rows.map((row): SquareRef => ({ col: track, row })) : [];
  },

  previousSquare(corp, board, track) {
    const shape = boxesOf(corp);
    if (track !== shape.track) return baseCorporationRules.previousSquare(corp, board, track);
    const at = board.trackers[track];
    const box = boxAt(shape, at.row);
    const previous = shape.positions[box - 1];
    if (!previous) return null;
    // Back one box, keeping the half the tracker stood on (a regression claims nothing either way).
    const half = Math.min(boxOf(shape, at.row).rows.indexOf(at.row), previous.rows.length - 1);
    return { col: track, row: present(previous.rows[half], 'half of the previous box') };
  },

  isTopSquare,

  rewardsAt(corp, board, track, square) {
    const shape = boxesOf(corp);
    if (square.col !== shape.track) return baseCorporationRules.rewardsAt(corp, board, track, square);
    const box = boxOf(shape, square.row);
    return box.options[box.rows.indexOf(square.row)] ?? [];
  },

  tileGains(corp, board, _after, tileId, cells, gains) {
    const shape = boxesOf(corp);
    const enlarges = enlargesBiomassArea(board, tileId, cells);
    const out: typeof gains = [];
    for (const gain of gains) {
      if (gain.kind === 'advance') {
        // A first biomass area enlarges nothing, so it never advances the tracker.
        if (gain.track !== shape.track || enlarges) out.push(gain);
        continue;
      }
      const options = gain.options.filter((t) => t !== shape.track);
      if (options.length > 0) out.push({ kind: 'energy', options });
    }
    return out;
  },

  patchMayCover(corp, board, cell, endOfGame) {
    // Tech 5 (R14): a meteorite only at the end of the game; it then leaves the game.
    if (board.meteorites.includes(cell) && !(endOfGame && techOn(corp, board, 'biomassDestroysMeteorite')))
      return false;
    const piece = board.pieceAt[cell] ?? -1;
    if (piece === -1) return true;
    return board.pieces[piece]?.kind === 'tile' && techOn(corp, board, 'biomassPatchOnTiles');
  },

  mayStoreBiomass: (corp, board) => techOn(corp, board, 'storeBiomass'),

  abilities(corp, _env, d) {
    const shape = boxesOf(corp);
    const board = d.board;
    const offers = [];
    if (techOn(corp, board, RESET) && isTopSquare(corp, board.trackers[shape.track]))
      offers.push({ ability: RESET, choices: [{}] });
    if (
      techOn(corp, board, DOUBLE_PATCH) &&
      unused(board, DOUBLE_PATCH, 'round') &&
      d.pending.some((item) => item.kind === 'patch')
    )
      offers.push({ ability: DOUBLE_PATCH, choices: [{}], once: 'round' as const });
    return offers;
  },

  useAbility(corp, _env, d, fx, ability) {
    const shape = boxesOf(corp);
    if (ability === RESET) {
      const start = present(shape.positions[0]?.rows[0], 'start square of the boxed track');
      d.board.trackers[shape.track] = { col: shape.track, row: start };
    } else if (ability === DOUBLE_PATCH) {
      fx.addItem(d, { kind: 'patch' });
    }
  },
};
