/** Keep private objectives from those dealt (§7.2, §7.4): a set of checkboxes and one button. */
import { useState } from 'react';
import type { Action, PrivateState } from '../../game/core/types';
import { objectiveById } from '../../game/data';

export function ObjectiveChoice({
  offer,
  send,
}: {
  offer: PrivateState['objectiveOffer'];
  send(a: Action): void;
}) {
  const [kept, setKept] = useState<number[]>(() => offer?.cards.slice(0, offer.keep) ?? []);
  if (!offer) return null;
  const toggle = (id: number) =>
    setKept((k) => (k.includes(id) ? k.filter((c) => c !== id) : [...k, id].slice(-offer.keep)));
  return (
    <fieldset data-testid="objective-offer">
      <legend>
        Private objectives: keep {offer.keep} of {offer.cards.length} (nobody else sees them until the end)
      </legend>
      <ul className="cards">
        {offer.cards.map((id) => {
          const card = objectiveById(id).private;
          return (
            <li key={id}>
              <label>
                <input
                  type="checkbox"
                  checked={kept.includes(id)}
                  onChange={() => toggle(id)}
                  data-testid={`objective-${id}`}
                />{' '}
                {card.name}: {card.condition} ({card.medals} medals)
              </label>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        data-action="keepObjectives"
        data-testid="keep-objectives"
        disabled={kept.length !== offer.keep}
        onClick={() => send({ type: 'keepObjectives', cards: kept })}
      >
        Keep these {offer.keep}
      </button>
    </fieldset>
  );
}
