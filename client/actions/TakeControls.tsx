/** Take the small or the large tile of the depot you face (§3.5); an unplaceable tile is disabled. */
import type { ControlProps } from './turn-controls';
import { facingDepot } from '../../game';
import { tileLabel } from '../i18n/labels';
import { useTranslation } from 'react-i18next';

export function TakeControls({ G, player, actions, send }: ControlProps) {
  const { t } = useTranslation('table');
  const turn = G.private[player]?.turn;
  if (!turn || turn.kind !== 'round' || turn.draft.taken) return null;
  const depotIndex = facingDepot(G, player);
  const depot = G.station.depots[depotIndex];
  if (!depot) return null;
  const legal = new Set(actions.flatMap((a) => (a.type === 'takeTile' ? [a.stack] : [])));
  return (
    <fieldset data-testid="take-controls">
      <legend>{t('take.legend', { depot: depotIndex })}</legend>
      <div className="buttons">
        {(['small', 'large'] as const).map((stack) => {
          const top = depot[stack].top;
          const ok = legal.has(stack);
          return (
            <button
              type="button"
              key={stack}
              disabled={!ok}
              data-action={ok ? 'takeTile' : undefined}
              data-testid={`take-${stack}`}
              onClick={() => send({ type: 'takeTile', stack })}
            >
              {t('take.button', {
                stack: t(`take.${stack}`),
                tile: top === null ? t('take.empty') : tileLabel(top),
              })}
              {!ok && top !== null ? t('take.blocked') : ''}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
