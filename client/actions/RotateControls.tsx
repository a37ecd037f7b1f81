/**
 * The commander turns the station (§3.3). ↺ / ↻ (or dragging the drawn station, or clicking a depot)
 * try an orientation, which the station shows turning; the confirm button sends it. One button per
 * legal orientation also sends it directly, saying which depot the commander would face.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './turn-controls';
import { facingDepot } from '../../game';
import { setStationCommand } from '../table/station-store';
import { legalRotations, rotationFor } from '../table/station-geometry';

export function RotateControls({ G, player, actions, send }: ControlProps) {
  const { t } = useTranslation('table');
  const rotations = legalRotations(actions);
  const round = G.round;
  const [proposal, setProposal] = useState<{ round: number; rotation: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const proposed = proposal?.round === round ? proposal.rotation : G.station.rotation;
  const active = rotations.length > 0;

  // Share the rotation being tried with the drawn station while this commander's controls are up.
  useEffect(() => {
    if (!active) return;
    setStationCommand({
      player,
      proposed,
      actions,
      propose: (rotation) => {
        setRefusal(null);
        setProposal({ round, rotation });
      },
      refuse: setRefusal,
    });
    return () => setStationCommand(null);
  }, [active, player, proposed, round, actions]);

  if (!active) return null;
  const faces = (r: number) => facingDepot({ ...G, station: { ...G.station, rotation: r } }, player);
  const step = (direction: 1 | -1) => {
    const outcome = rotationFor({ kind: 'step', direction, from: proposed }, actions);
    if (outcome.ok) {
      setRefusal(null);
      setProposal({ round, rotation: outcome.action.rotation });
    } else setRefusal(t('station.notAllowed', { rotation: outcome.rotation }));
  };
  return (
    <fieldset data-testid="rotate-controls">
      <legend>{t('rotate.legend')}</legend>
      <div className="table-buttons">
        <button
          type="button"
          data-testid="station-ccw"
          aria-label={t('station.rotateLeft')}
          title={t('station.rotateLeft')}
          onClick={() => step(-1)}
        >
          ↺
        </button>
        <button
          type="button"
          data-testid="station-cw"
          aria-label={t('station.rotateRight')}
          title={t('station.rotateRight')}
          onClick={() => step(1)}
        >
          ↻
        </button>
        <button
          type="button"
          data-testid="station-confirm"
          disabled={!rotations.includes(proposed)}
          onClick={() => send({ type: 'rotate', rotation: proposed })}
        >
          {t('station.confirm', { rotation: proposed, depot: faces(proposed) })}
        </button>
      </div>
      <p className="small" aria-live="polite" data-testid="station-proposed">
        {refusal ?? t('station.proposed', { rotation: proposed, depot: faces(proposed) })}
      </p>
      <div className="buttons">
        {rotations.map((r) => (
          <button
            type="button"
            key={r}
            data-action="rotate"
            data-testid={`rotate-${r}`}
            onClick={() => send({ type: 'rotate', rotation: r })}
          >
            {t('rotate.option', {
              rotation: r,
              current: r === G.station.rotation ? t('rotate.current') : '',
              depot: faces(r),
            })}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
