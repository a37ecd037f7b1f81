/**
 * The round's event card (§3.4), the deck left, a next event the player peeked at, and in solo the
 * target the deck sets from the start (§7.4, R19).
 */
import { useTranslation } from 'react-i18next';
import { eventById, type GameState, type PlayerID, soloTarget } from '../../game';
import { useContentText } from '../i18n/content-text';
import { RuleWhy } from '../i18n/messages';
import { liftedRestrictions } from '../actions/RestrictionWaivers';

export function EventPanel({ G, player }: { G: GameState; player: PlayerID | null }) {
  const { t } = useTranslation('board');
  const content = useContentText();
  const events = G.options.events;
  if (!events) return null;
  const peeked = player === null ? null : (G.private[player]?.peekedEvent ?? null);
  const presetName = events.preset
    ? t(`pages:options.presets.${events.preset}`, { defaultValue: events.preset })
    : null;
  const current = G.event && G.event.round === G.round ? eventById(G.event.id) : null;
  return (
    <section className="board-panel" aria-labelledby="event-title" data-testid="event">
      <h2 id="event-title">{t('event.title')}</h2>
      {current ? (
        <p data-testid="event-card" data-color={current.color}>
          {t('event.card', {
            id: current.id,
            name: content.eventName(current.id),
            color: t(`event.color.${current.color}`),
            effect: content.eventText(current.id),
          })}
        </p>
      ) : (
        <p>{t('event.none')}</p>
      )}
      {current && liftedRestrictions(G, player).event === current.id && (
        <p className="waiver" data-testid="event-waived">
          {t('event.waived')} <RuleWhy rule="R10" />
        </p>
      )}
      <p className="small">
        {t('event.deck', { left: G.eventsLeft, green: events.green, orange: events.orange, red: events.red })}
        {presetName ? ` ${t('event.preset', { preset: presetName })}` : ''}
      </p>
      {G.playerIDs.length === 1 && (
        <p data-testid="solo-target">{t('event.soloTarget', { target: soloTarget(events) })}</p>
      )}
      {peeked !== null && (
        <p data-testid="peeked-event">{t('event.peeked', { id: peeked, name: content.eventName(peeked) })}</p>
      )}
    </section>
  );
}
