/** The round's event card (§3.4) and what the player alone knows: kept objectives, a peeked event. */
import type { GameState, PlayerID } from '../game/core/types';
import { objectiveById } from '../game/data';
import { eventById } from '../game/content/events';

export function EventPanel({ G, player }: { G: GameState; player: PlayerID | null }) {
  const events = G.options.events;
  const priv = player === null ? null : G.private[player];
  const peeked = priv?.peekedEvent ?? null;
  return (
    <>
      {events && (
        <section aria-label="Event" data-testid="event">
          <h2>Event</h2>
          {G.event && G.event.round === G.round ? (
            <p>
              <strong>
                #{G.event.id} {eventById(G.event.id).name}
              </strong>{' '}
              ({eventById(G.event.id).color} alert): {eventById(G.event.id).effect}
            </p>
          ) : (
            <p>No event revealed this round yet.</p>
          )}
          <p className="small">
            Deck: {G.eventsLeft} card(s) left of {events.green} green, {events.orange} orange, {events.red}{' '}
            red
            {events.preset ? ` (${events.preset})` : ''}.
          </p>
          {peeked !== null && (
            <p data-testid="peeked-event">
              You looked at the next event: #{peeked} {eventById(peeked).name}.
            </p>
          )}
        </section>
      )}
      {priv && priv.objectives.length > 0 && (
        <section aria-label="Your private objectives" data-testid="private-objectives">
          <h2>Your private objectives</h2>
          <ul>
            {priv.objectives.map((id) => (
              <li key={id}>
                {objectiveById(id).private.name}: {objectiveById(id).private.condition}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
