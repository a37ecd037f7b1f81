/**
 * The home page's list of games to continue: the unfinished local games saved in this browser (when
 * each was last played, who sits at it and its round; each can be resumed or deleted) and the online
 * matches where this browser holds a seat. Hidden when there is none.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavedGames } from './use-saved-games';
import { listSavedGames, type SavedLocalGame } from '../local/saved-games';
import { matchHref, savedGameHref } from '../routes';
import { heldSeats } from '../online/lobby';

function readHeldSeats() {
  try {
    return Object.entries(heldSeats());
  } catch {
    return [];
  }
}

export function ResumeList() {
  const { t, i18n } = useTranslation('pages');
  const { games, failure, remove } = useSavedGames(listSavedGames);
  const [held] = useState(readHeldSeats);
  if (failure)
    return (
      <p className="alert" role="alert" data-testid="resume-failure">
        {t('resume.unreadable')}
      </p>
    );
  if ((!games || games.length === 0) && held.length === 0) return null;
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const playersOf = (game: SavedLocalGame) =>
    game.spec.seats.map((s) => (s.bot === null ? s.name : t('resume.bot', { name: s.name }))).join(', ');
  return (
    <section className="panel resume" data-testid="resume-list" aria-labelledby="resume-title">
      <h2 id="resume-title">{t('resume.title')}</h2>
      <ul>
        {(games ?? []).map((game) => {
          const players = playersOf(game);
          return (
            <li key={game.id} data-testid="saved-game" data-game-id={game.id}>
              <span>
                <strong>{players}</strong>
                {' · '}
                {t('resume.round', { n: game.round })}
                {' · '}
                <time dateTime={new Date(game.updatedAt).toISOString()}>
                  {t('resume.when', { when: when.format(game.updatedAt) })}
                </time>
              </span>{' '}
              <a
                className="button-link"
                href={savedGameHref(game.id)}
                data-testid="resume-game"
                aria-label={t('resume.resumeLabel', { players })}
              >
                {t('resume.resume')}
              </a>{' '}
              <button
                type="button"
                data-testid="delete-game"
                aria-label={t('resume.deleteLabel', { players })}
                onClick={() => void remove(game.id)}
              >
                {t('resume.delete')}
              </button>
            </li>
          );
        })}
        {held.map(([matchID, seat]) => (
          <li key={`match-${matchID}`} data-testid="held-match" data-match-id={matchID}>
            <span>
              <strong>{t('continueOnline.match', { id: matchID })}</strong>
              {' · '}
              {t('continueOnline.seat', { name: seat.playerName, n: Number(seat.playerID) + 1 })}
            </span>{' '}
            <a
              className="button-link"
              href={matchHref(matchID)}
              data-testid="open-match"
              aria-label={t('continueOnline.openLabel', { id: matchID })}
            >
              {t('continueOnline.open')}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
