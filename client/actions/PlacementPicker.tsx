/** Choose an orientation (0–7) with rotate and flip, preview the tile, then click a corner on the planet. */
import { orientationsOf } from '../../game/core/geometry';
import { shapeById, tileById } from '../../game/data';
import { TERRAIN_COLOR, TERRAIN_LETTER, tileLabel } from '../labels';
import type { PlacementTask } from './turn-controls';

interface Props {
  task: PlacementTask;
  orientation: number;
  setOrientation(o: number): void;
  orientationsWithSpots: number[];
}

/** Turning the picture a quarter clockwise keeps the flip (orientation = flip × 4 + turns). */
export const rotateCW = (o: number) => (o >= 4 ? 4 : 0) + (((o % 4) + 1) % 4);
export const rotateCCW = (o: number) => (o >= 4 ? 4 : 0) + (((o % 4) + 3) % 4);
/** Mirroring the picture left–right: flip toggles and the turn reverses. */
export const flip = (o: number) => (o >= 4 ? 0 : 4) + ((4 - (o % 4)) % 4);

function TilePreview({ tileId, orientation }: { tileId: number; orientation: number }) {
  const tile = tileById(tileId);
  const o = orientationsOf(shapeById(tile.shape))[orientation];
  if (!o) return null;
  const at = new Map(o.cells.map(([x, y], k) => [`${x},${y}`, tile.cells[k]]));
  return (
    <table className="tile-preview" aria-label={`Preview of the tile in orientation ${orientation}`}>
      <tbody>
        {Array.from({ length: o.height }, (_, y) => (
          <tr key={y}>
            {Array.from({ length: o.width }, (_, x) => {
              const cell = at.get(`${x},${y}`);
              return (
                <td key={x} style={{ background: cell ? TERRAIN_COLOR[cell.terrain] : 'transparent' }}>
                  {cell
                    ? `${TERRAIN_LETTER[cell.terrain]}${cell.resource ? '*' : ''}${cell.meteor ? 'M' : ''}`
                    : ''}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PlacementPicker({ task, orientation, setOrientation, orientationsWithSpots }: Props) {
  const here = orientationsWithSpots.includes(orientation);
  return (
    <fieldset className="placement" data-testid="placement-picker">
      <legend>{task.purpose}</legend>
      <p>{tileLabel(task.tileId)}</p>
      <div className="placement-row">
        <TilePreview tileId={task.tileId} orientation={orientation} />
        <div>
          <p>
            Orientation <strong data-testid="orientation">{orientation}</strong> of 0–7{' '}
            {orientation >= 4 ? '(flipped)' : ''}
          </p>
          <div className="buttons">
            <button
              type="button"
              data-testid="orient-ccw"
              onClick={() => setOrientation(rotateCCW(orientation))}
            >
              ↺ Rotate left
            </button>
            <button
              type="button"
              data-testid="orient-cw"
              onClick={() => setOrientation(rotateCW(orientation))}
            >
              ↻ Rotate right
            </button>
            <button type="button" data-testid="orient-flip" onClick={() => setOrientation(flip(orientation))}>
              ⇋ Flip
            </button>
          </div>
          <p className="small">
            {here
              ? 'Highlighted squares (+) on your planet are legal top-left corners for this orientation: click one.'
              : 'No legal spot in this orientation: rotate or flip.'}
          </p>
          <p className="small">
            Orientations with a legal spot:{' '}
            {orientationsWithSpots.length === 0
              ? 'none'
              : orientationsWithSpots.map((o) => (
                  <button
                    type="button"
                    key={o}
                    className="mini"
                    aria-pressed={o === orientation}
                    data-testid={`orient-${o}`}
                    aria-label={`Use orientation ${o}`}
                    onClick={() => setOrientation(o)}
                  >
                    {o}
                  </button>
                ))}
          </p>
        </div>
      </div>
    </fieldset>
  );
}
