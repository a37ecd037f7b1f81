/**
 * Every symbol of a drawn planet in words, as a player says them: where a square is (row and
 * column, as the text view labels them), what lies on it (terrain, ice, lifepods, meteorites,
 * rovers, or a hole or the outside of the planet), the planet's own layers there, and the ✓/✗
 * beside complete rows and columns. For the canvas's tooltip, help mode and the text view.
 */
import type { TFunction } from 'i18next';
import {
  type CellIndex,
  GRID,
  type LineStatus,
  planetById,
  planetGeometry,
  type PlayerBoard,
} from '../../game';
import { carriedMeteorites, planetLayers } from './planet-layers';
import { planetTipLines } from './PlanetRulePanel';

/** "Column 7, row 8": the numbers the text view's headers show, x first as everywhere on the table. */
export const squarePlace = (t: TFunction, cell: CellIndex): string =>
  t('cell.at', { ns: 'table', row: Math.floor(cell / GRID), column: cell % GRID });

/** What a square is and holds, in a few words ("water with resource icon, on ice, lifepod"). */
export function squareContents(t: TFunction, board: PlayerBoard, cell: CellIndex): string {
  const planet = planetById(board.planet);
  const geometry = planetGeometry(planet);
  if (!geometry.isSquare[cell]) {
    const layer = planetLayers(planet).square[cell];
    return t(layer === 'hole' ? 'cell.hole' : layer === 'void' ? 'cell.void' : 'cell.off', { ns: 'table' });
  }
  const words: string[] = [];
  const terrain = board.terrain[cell] ?? null;
  const isIce = geometry.isIce[cell] ?? false;
  if (terrain) {
    const name = t(`terrain.${terrain}`, { ns: 'table' });
    words.push(board.icon[cell] ? t('cell.withIcon', { ns: 'table', terrain: name }) : name);
    if (isIce) words.push(t('cell.onIce', { ns: 'table' }));
  } else words.push(t(isIce ? 'cell.bareIce' : 'cell.bareLand', { ns: 'table' }));
  const pods = board.lifepods.filter((p) => p === cell).length;
  if (pods)
    words.push(
      pods > 1 ? t('cell.lifepods', { ns: 'table', count: pods }) : t('cell.lifepod', { ns: 'table' }),
    );
  const rocks = board.meteorites.filter((m) => m === cell).length;
  if (rocks)
    words.push(
      rocks > 1 ? t('cell.meteorites', { ns: 'table', count: rocks }) : t('cell.meteorite', { ns: 'table' }),
    );
  // A board saved before corporations had their own state has no `corp`.
  const carrying = (board.corp as PlayerBoard['corp'] | undefined)?.carrying ?? [];
  for (const r of board.rovers)
    if (r.cell === cell && !r.destroyed)
      words.push(
        t(carrying.includes(r.id) ? 'cell.roverCarrying' : 'cell.rover', { ns: 'table', n: r.id + 1 }),
      );
  return words.join(', ');
}

/** What each thing on a square means, one sentence each, for help mode and the tooltip. */
function squareMeanings(t: TFunction, board: PlayerBoard, cell: CellIndex): string[] {
  const planet = planetById(board.planet);
  const geometry = planetGeometry(planet);
  if (!geometry.isSquare[cell]) {
    const layer = planetLayers(planet).square[cell];
    // A hole and the black hole are told by the planet's own rule lines.
    return layer === 'hole' || layer === 'void' ? [] : [t('explain.off', { ns: 'table' })];
  }
  const out: string[] = [];
  const terrain = board.terrain[cell] ?? null;
  if (terrain) out.push(t(board.icon[cell] ? 'explain.icon' : 'explain.covered', { ns: 'table' }));
  else out.push(t('explain.uncovered', { ns: 'table' }));
  if (geometry.isIce[cell]) out.push(t('explain.ice', { ns: 'table' }));
  if (board.lifepods.includes(cell)) out.push(t('explain.lifepod', { ns: 'table' }));
  if (board.meteorites.includes(cell)) out.push(t('explain.meteorite', { ns: 'table' }));
  if (board.rovers.some((r) => r.cell === cell && !r.destroyed))
    out.push(t('explain.rover', { ns: 'table' }));
  return out;
}

/**
 * The full text of a square: where it is, what it holds, what that means, and the planet's own
 * rule there (and a rover carrying a meteorite). Never empty: every square has something to say.
 */
export function squareText(t: TFunction, board: PlayerBoard, cell: CellIndex): string {
  const planet = planetById(board.planet);
  const carriers = [...carriedMeteorites(board)].filter(([, at]) => at === cell).map(([id]) => id);
  return [
    t('cell.line', { ns: 'table', place: squarePlace(t, cell), contents: squareContents(t, board, cell) }),
    ...squareMeanings(t, board, cell),
    ...planetTipLines(t, planet, cell),
    ...carriers.map((id) => t('carrying', { ns: 'planet', n: id + 1 })),
  ].join('\n');
}

/** The mark beside a complete row or column (✓ it scores, ✗ a meteorite cancels it), or null. */
export function lineMarkText(
  t: TFunction,
  kind: 'row' | 'column',
  index: number,
  status: LineStatus,
): string | null {
  if (status === 'complete') return t(`lineMark.${kind}Complete`, { ns: 'table', n: index });
  if (status === 'cancelled') return t(`lineMark.${kind}Cancelled`, { ns: 'table', n: index });
  return null;
}
