/** Pick one civ card from the pile offered (§5.7). */
import type { Action, PrivateState } from '../../game/core/types';
import { civCardById } from '../../game/data';

export function CivOffer({ offer, send }: { offer: PrivateState['civOffer']; send(a: Action): void }) {
  if (!offer) return null;
  return (
    <fieldset data-testid="civ-offer">
      <legend>Civ milestone reached: keep one rank {offer.rank} card</legend>
      <ul className="cards">
        {offer.cards.map((id) => {
          const card = civCardById(id);
          return (
            <li key={id}>
              <button
                type="button"
                data-action="pickCiv"
                data-testid={`civ-${id}`}
                onClick={() => send({ type: 'pickCiv', card: id })}
              >
                Take {card.name}
              </button>{' '}
              <span className="small">
                ({card.timing === 'immediate' ? 'now' : 'end of game'}) {card.effect}
              </span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
