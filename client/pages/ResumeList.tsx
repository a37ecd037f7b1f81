/**
 * The home page's list of unfinished local games saved in this browser: when each was last
 * played, who sits at it and its round; each can be resumed or deleted. Hidden when there is none.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listSavedGames, savedGamesStore, type SavedLocalGame } from '../local/saved-games';
import { savedGameHref } from '../routes';

export function ResumeList() {
  const { t, i18n } = useTranslation('pages');
  const [games, setGames] = useState<SavedLocalGame[] | null>(null);
  const [failure, setFailure] = useState(false);
  useEffect(() => {
    const store = savedGamesStore();
    if (!store) return;
    let live = true;
    listSavedGames(store).then(
      (list) => live && setGames(list),
      () => live && setFailure(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failure)
    return (
      <p className="alert" role="alert" data-testid="resume-failure">
        {t('resume.unreadable')}
      </p>
    );
  if (!games || games.length === 0) return null;
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const playersOf = (game: SavedLocalGame) =>
    game.spec.seats.map((s) => (s.bot === null ? s.name : t('resume.bot', { name: s.name }))).join(', ');
  const remove = async (id: string) => {
    const store = savedGamesStore();
    if (!store) return;
    try {
      await store.delete(id);
      setGames((list) => list?.filter((g) => g.id !== id) ?? null);
    } catch {
      setFailure(true);
    }
  };
  return (
    <section className="panel resume" data-testid="resume-list" aria-labelledby="resume-title">
      <h2 id="resume-title">{t('resume.title')}</h2>
      <ul>
        {games.map((game) => {
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
      </ul>
    </section>
  );
}
