/** Rover steps paid from the movement pool (R2): one button per legal single step. */
import { useTranslation } from 'react-i18next';
import type { Action } from '../../game/core/types';

export function RoverControls({
  actions,
  movement,
  send,
}: {
  actions: Action[];
  movement: number;
  send(a: Action): void;
}) {
  const { t } = useTranslation('turn');
  const steps = actions.flatMap((a) => (a.type === 'moveRover' ? [a] : []));
  if (!steps.length) return null;
  return (
    <fieldset data-testid="rover-controls">
      <legend>{t('rover.legend', { count: movement })}</legend>
      <div className="buttons">
        {steps.map((a) => {
          const [x, y] = a.path[0] ?? [0, 0];
          return (
            <button
              type="button"
              key={`${a.rover}-${x}-${y}`}
              data-action="moveRover"
              data-testid={`rover-${a.rover}-${x}-${y}`}
              onClick={() => send(a)}
            >
              {t('rover.step', { rover: a.rover + 1, x, y })}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
