/** Pick one civ card from the pile offered (§5.7): each card's name, timing and full text. */
import { useTranslation } from 'react-i18next';
import { type Action, civCardById, type PrivateState } from '../../game';
import { useContentText } from '../i18n/content-text';

export function CivOffer({ offer, send }: { offer: PrivateState['civOffer']; send(a: Action): void }) {
  const { t } = useTranslation('turn');
  const content = useContentText();
  if (!offer) return null;
  return (
    <fieldset data-testid="civ-offer">
      <legend>{t('civ.legend', { rank: offer.rank })}</legend>
      <ul className="cards" aria-label={t('civ.list')}>
        {offer.cards.map((id) => {
          const card = civCardById(id);
          return (
            <li key={id} data-testid={`civ-card-${id}`}>
              <button
                type="button"
                data-action="pickCiv"
                data-testid={`civ-${id}`}
                aria-describedby={`civ-text-${id}`}
                onClick={() => send({ type: 'pickCiv', card: id })}
              >
                {t('civ.take', { name: content.civName(id) })}
              </button>
              <span className="small civ-card-text" id={`civ-text-${id}`}>
                <strong>{card.timing === 'immediate' ? t('civ.now') : t('civ.endGame')}</strong> —{' '}
                {content.civText(id)}
              </span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
