/** The round's event card (§3.4), the deck left, and a next event the player peeked at. */
import { useTranslation } from 'react-i18next';
import type { GameState, PlayerID } from '../game/core/types';
import { eventById } from '../game/content/events';

export function EventPanel({ G, player }: { G: GameState; player: PlayerID | null }) {
  const { t } = useTranslation('board');
  const events = G.options.events;
  if (!events) return null;
  const peeked = player === null ? null : (G.private[player]?.peekedEvent ?? null);
  const current = G.event && G.event.round === G.round ? eventById(G.event.id) : null;
  return (
    <section className="board-panel" aria-labelledby="event-title" data-testid="event">
      <h2 id="event-title">{t('event.title')}</h2>
      {current ? (
        <p data-testid="event-card" data-color={current.color}>
          {t('event.card', {
            id: current.id,
            name: current.name,
            color: t(`event.color.${current.color}`),
            effect: current.effect,
          })}
        </p>
      ) : (
        <p>{t('event.none')}</p>
      )}
      <p className="small">
        {t('event.deck', { left: G.eventsLeft, green: events.green, orange: events.orange, red: events.red })}
        {events.preset ? ` ${t('event.preset', { preset: events.preset })}` : ''}
      </p>
      {peeked !== null && (
        <p data-testid="peeked-event">{t('event.peeked', { id: peeked, name: eventById(peeked).name })}</p>
      )}
    </section>
  );
}
