/**
 * The tile picker: the two tiles of the depot you face (§3.5), drawn as shapes, each a button that
 * takes it. The listed `takeTile` actions decide which may be taken; a tile that may not is greyed
 * out with the engine's reason, and the one that fits comes first. The same choice is offered on
 * the drawn station, through the take store.
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './turn-controls';
import { facingDepot, type StackSide } from '../../game';
import { MessageText } from '../i18n/messages';
import { setTakeCommand } from '../table/station-store';
import { isTaking, takeChoices, takeLabel } from '../table/take-choices';
import { focusNextControl } from './focus-next';
import { TileShape } from './TileShape';

const takeGone = () => !document.querySelector('[data-testid="take-controls"]');

export function TakeControls({ G, player, actions, send }: ControlProps) {
  const { t } = useTranslation('table');
  const taking = isTaking(G, player);
  const choices = useMemo(
    () => (taking ? takeChoices(G, player, actions) : []),
    [taking, G, player, actions],
  );
  const depotIndex = facingDepot(G, player);
  const depot = G.station.depots[depotIndex];

  // Offer the same tiles on the drawn station while this step is up.
  useEffect(() => {
    if (!taking) return;
    setTakeCommand({
      player,
      choices,
      take: (stack: StackSide) => {
        send({ type: 'takeTile', stack });
        focusNextControl(takeGone);
      },
    });
    return () => setTakeCommand(null);
  }, [taking, player, choices, send]);

  if (!taking || !depot) return null;
  return (
    <fieldset className="tile-picker" data-testid="take-controls">
      <legend>{t('take.legend', { depot: depotIndex })}</legend>
      <div className="tile-picker-tiles">
        {choices.map((choice) => {
          const left = t('take.left', { count: depot[choice.stack].count });
          const label = `${takeLabel(t, choice)} · ${left}`;
          // The name starts with the visible words ("small · 3 left"), as speech-input users say them.
          const name = `${t(`take.${choice.stack}`)} · ${left}: ${takeLabel(t, choice)}`;
          const reasonId = `take-${choice.stack}-reason`;
          return (
            <div key={choice.stack} className="tile-picker-choice">
              <button
                type="button"
                className="tile-button"
                data-action={choice.legal ? 'takeTile' : undefined}
                data-testid={`take-${choice.stack}`}
                aria-label={name}
                title={label}
                aria-disabled={!choice.legal}
                aria-describedby={choice.legal ? undefined : reasonId}
                onClick={() => {
                  if (!choice.legal) return;
                  send({ type: 'takeTile', stack: choice.stack });
                  focusNextControl(takeGone);
                }}
              >
                {choice.tileId !== null && <TileShape tileId={choice.tileId} />}
                <span className="small">
                  {t(`take.${choice.stack}`)} · {left}
                </span>
              </button>
              {!choice.legal && choice.refusal && (
                <p
                  className="small tile-picker-reason"
                  id={reasonId}
                  data-testid={`take-${choice.stack}-reason`}
                >
                  {t('take.cannot')} <MessageText message={choice.refusal} />
                </p>
              )}
            </div>
          );
        })}
      </div>
      <p className="small">{t('take.hint')}</p>
    </fieldset>
  );
}
