/** Choose an orientation (0–7) with rotate and flip, preview the tile, then click a corner on the planet. */
import { tileLabel } from '../i18n/labels';
import { useTranslation } from 'react-i18next';
import type { PlacementTask } from '../table/interaction';
import { flipOrientation, rotateCCW, rotateCW } from '../table/ghost';
import { GhostPreview } from '../table/GhostPreview';
import { TileShape } from './TileShape';

interface Props {
  task: PlacementTask;
  orientation: number;
  setOrientation(o: number): void;
  orientationsWithSpots: number[];
}

export { rotateCW, rotateCCW, flipOrientation as flip } from '../table/ghost';

export function PlacementPicker({ task, orientation, setOrientation, orientationsWithSpots }: Props) {
  const { t } = useTranslation('table');
  const here = orientationsWithSpots.includes(orientation);
  const ghost = task.ghost;
  // With a ghost the buttons move it (kept on the grid); without, they only change the orientation.
  const rotate = (direction: 1 | -1) =>
    ghost
      ? ghost.rotate(direction)
      : setOrientation(direction === 1 ? rotateCW(orientation) : rotateCCW(orientation));
  const flipTile = () => (ghost ? ghost.flip() : setOrientation(flipOrientation(orientation)));
  return (
    <fieldset className="placement" data-testid="placement-picker">
      <legend>{task.purpose}</legend>
      <p>{tileLabel(task.tileId)}</p>
      <div className="placement-row">
        <TileShape
          tileId={task.tileId}
          orientation={orientation}
          cell={22}
          label={t('picker.tilePreview', { n: orientation + 1 })}
        />
        <div>
          <p>
            {/* Counted from 1 for the player; the engine's 0–7 stays behind, for the tests and tools. */}
            {t('picker.position', { n: orientation + 1 })} {orientation >= 4 ? t('picker.flipped') : ''}
            <span hidden data-testid="orientation">
              {orientation}
            </span>
          </p>
          <div className="buttons">
            <button
              type="button"
              data-testid="orient-ccw"
              aria-label={t('buttons.rotateLeft')}
              onClick={() => rotate(-1)}
            >
              ↺ {t('buttons.rotateLeft')}
            </button>
            <button
              type="button"
              data-testid="orient-cw"
              aria-label={t('buttons.rotateRight')}
              onClick={() => rotate(1)}
            >
              ↻ {t('buttons.rotateRight')}
            </button>
            <button type="button" data-testid="orient-flip" aria-label={t('buttons.flip')} onClick={flipTile}>
              ⇋ {t('buttons.flip')}
            </button>
          </div>
          {ghost && (
            <>
              <div className="table-buttons">
                {(
                  [
                    ['left', '←', -1, 0],
                    ['up', '↑', 0, -1],
                    ['down', '↓', 0, 1],
                    ['right', '→', 1, 0],
                  ] as const
                ).map(([key, arrow, dx, dy]) => (
                  <button
                    type="button"
                    key={key}
                    data-testid={`ghost-${key}`}
                    aria-label={t(`buttons.${key}`)}
                    title={t(`buttons.${key}`)}
                    onClick={() => ghost.nudge(dx, dy)}
                  >
                    {arrow}
                  </button>
                ))}
                <button
                  type="button"
                  data-testid="ghost-confirm"
                  aria-disabled={!ghost.fits}
                  onClick={() => ghost.confirm()}
                >
                  {ghost.fits ? '✓' : '✗'} {t('buttons.confirm')}
                </button>
              </div>
              <GhostPreview ghost={ghost} />
            </>
          )}
          <p className="small">{here ? t('picker.here') : t('picker.nowhere')}</p>
          <p className="small">
            {t('picker.withSpots')}{' '}
            {orientationsWithSpots.length === 0
              ? t('picker.none')
              : orientationsWithSpots.map((o) => (
                  <button
                    type="button"
                    key={o}
                    className="mini"
                    aria-pressed={o === orientation}
                    data-testid={`orient-${o}`}
                    aria-label={t('picker.use', { n: o + 1 })}
                    onClick={() => setOrientation(o)}
                  >
                    {o + 1}
                  </button>
                ))}
          </p>
        </div>
      </div>
    </fieldset>
  );
}
