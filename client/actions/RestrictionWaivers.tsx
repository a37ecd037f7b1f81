/**
 * The restrictions lifted for the player's turn (R10, §4.8): when with the planet's or the event's
 * restriction no tile of their depot could be placed and without it one could, the engine records
 * it on the turn when the tile is taken. The turn says so in plain words, and the planet's rule
 * and the event are marked lifted, so the table never claims a rule it no longer applies.
 */
import { useTranslation } from 'react-i18next';
import { planetWaiverRule, type GameState, type PlayerID } from '../../game';
import { useContentText } from '../i18n/content-text';
import { RuleWhy } from '../i18n/messages';

/** What the engine lifted for this player's turn; nothing for a spectator or between turns. */
export function liftedRestrictions(
  G: GameState,
  player: PlayerID | null,
): { planet: string | null; event: number | null } {
  const draft = player === null ? null : G.private[player]?.turn?.draft;
  if (!draft) return { planet: null, event: null };
  return {
    planet: draft.planetRestrictionWaived ? draft.board.planet : null,
    event: draft.restrictionWaived && G.event ? G.event.id : null,
  };
}

/** The notices in the turn column, one per restriction lifted. */
export function WaiverNotes({ G, player }: { G: GameState; player: PlayerID }) {
  const { t } = useTranslation('turn');
  const content = useContentText();
  const lifted = liftedRestrictions(G, player);
  if (lifted.planet === null && lifted.event === null) return null;
  return (
    <div className="waivers" data-testid="waivers">
      {lifted.planet !== null && (
        <p className="waiver" data-testid="waiver-planet">
          {t('waiver.planet', { planet: content.planetName(lifted.planet) })}{' '}
          <RuleWhy rule={planetWaiverRule(lifted.planet)} />
        </p>
      )}
      {lifted.event !== null && (
        <p className="waiver" data-testid="waiver-event">
          {t('waiver.event', { event: content.eventName(lifted.event) })} <RuleWhy rule="R10" />
        </p>
      )}
    </div>
  );
}
