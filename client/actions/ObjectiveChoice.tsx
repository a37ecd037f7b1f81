/** Keep private objectives from those dealt (§7.2, §7.4): a set of checkboxes and one button. */
import { useState } from 'react';
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
  if (!offer) return null;
  // Only cards of this offer count, should the offer change under a kept selection.
  const chosen = kept.filter((id) => offer.cards.includes(id));
  const toggle = (id: number) =>
    setKept(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id].slice(-offer.keep));
  return (
    <fieldset className="objective-offer" data-testid="objective-offer">
      <legend>{t('objectives.legend', { keep: offer.keep, count: offer.cards.length })}</legend>
      <ul className="cards">
        {offer.cards.map((id) => {
          const card = objectiveById(id).private;
          return (
            <li key={id}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.includes(id)}
                  onChange={() => toggle(id)}
                  data-testid={`objective-${id}`}
                />
                <span>
                  {t('objectives.card', {
                    name: content.objectiveName(id, 'private'),
                    condition: content.objectiveCondition(id, 'private'),
                    medals: card.medals,
                  })}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <p className="small" aria-live="polite">
        {t('objectives.chosen', { chosen: chosen.length, keep: offer.keep })}
      </p>
      <button
        type="button"
        data-action="keepObjectives"
        data-testid="keep-objectives"
        disabled={chosen.length !== offer.keep}
        onClick={() => send({ type: 'keepObjectives', cards: chosen })}
      >
        {t('objectives.keep', { keep: offer.keep })}
      </button>
    </fieldset>
  );
}
