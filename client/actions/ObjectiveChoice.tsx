/**
 * Keep objectives from those offered: private objectives dealt at setup (§7.2, §7.4), or the one
 * Jump Drive tech F keeps for every player (§3.8): radio buttons when exactly one is kept, else
 * checkboxes, and one button.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Action, objectiveById, type PrivateState } from '../../game';
import { useContentText } from '../i18n/content-text';

export function ObjectiveChoice({
  offer,
  send,
}: {
  offer: PrivateState['objectiveOffer'];
  send(a: Action): void;
}) {
  const { t } = useTranslation('turn');
  const content = useContentText();
  const [kept, setKept] = useState<number[]>(() => offer?.cards.slice(0, offer.keep) ?? []);
  const group = useId();
  if (!offer) return null;
  const one = offer.keep === 1;
  // Only cards of this offer count, should the offer change under a kept selection.
  const chosen = kept.filter((id) => offer.cards.includes(id));
  const toggle = (id: number) =>
    setKept(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id].slice(-offer.keep));
  return (
    <fieldset className="objective-offer" data-testid="objective-offer">
      <legend>
        {offer.shared
          ? t('objectives.sharedLegend', { count: offer.cards.length })
          : t('objectives.legend', { keep: offer.keep, count: offer.cards.length })}
      </legend>
      <ul className="cards">
        {offer.cards.map((id) => {
          // A shared objective (Jump Drive F) is contested like a neighbor card (§6.3 F).
          const face = offer.shared ? 'neighbor' : 'private';
          const medals = objectiveById(id).private.medals;
          return (
            <li key={id}>
              <label>
                <input
                  type={one ? 'radio' : 'checkbox'}
                  name={one ? group : undefined}
                  checked={chosen.includes(id)}
                  onChange={() => (one ? setKept([id]) : toggle(id))}
                  data-testid={`objective-${id}`}
                />
                <span>
                  {t(offer.shared ? 'objectives.sharedCard' : 'objectives.card', {
                    name: content.objectiveName(id, face),
                    condition: content.objectiveCondition(id, face),
                    medals,
                  })}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {!one && (
        <p className="small" aria-live="polite">
          {t('objectives.chosen', { chosen: chosen.length, keep: offer.keep })}
        </p>
      )}
      <button
        type="button"
        data-action="keepObjectives"
        data-testid="keep-objectives"
        disabled={chosen.length !== offer.keep}
        onClick={() => send({ type: 'keepObjectives', cards: chosen })}
      >
        {one ? t('objectives.keepOne') : t('objectives.keep', { keep: offer.keep })}
      </button>
    </fieldset>
  );
}
