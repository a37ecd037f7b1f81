/**
 * The home page's list of local games played to the end in this browser: who played, the result
 * (the winners and each total, or a solo game's margin on its target), when it ended; each can be
 * opened again at its end screen, or deleted. Hidden when there is none.
 */

import { useTranslation } from 'react-i18next';
import { useSavedGames } from './use-saved-games';
import { type FinishedSummary, listFinishedGames, type SavedLocalGame } from '../local/saved-games';
import { replayHref, savedGameHref } from '../routes';

type Finished = SavedLocalGame & { finished: FinishedSummary };

export function FinishedList() {
  const { t, i18n } = useTranslation('pages');
  const { games, failure, remove } = useSavedGames(listFinishedGames);
  if (failure)
    return (
      <p className="alert" role="alert" data-testid="finished-failure">
        {t('resume.unreadable')}
      </p>
    );
  if (!games || games.length === 0) return null;
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const nameOf = (game: Finished, player: string) => game.spec.seats[Number(player)]?.name ?? player;
  const playersOf = (game: Finished) =>
    game.spec.seats.map((s) => (s.bot === null ? s.name : t('resume.bot', { name: s.name }))).join(', ');
  const resultOf = (game: Finished) => {
    const { winners, scores, solo } = game.finished;
    const totals = scores.map((s) => t('finished.score', { name: nameOf(game, s.player), total: s.total }));
    if (solo)
      return t(solo.margin >= 0 ? 'finished.soloWon' : 'finished.soloLost', {
        total: scores[0]?.total ?? 0,
        target: solo.target,
      });
    return t('finished.result', {
      count: winners.length,
      winners: winners.map((p) => nameOf(game, p)).join(', '),
      scores: totals.join(', '),
    });
  };
  return (
    <section className="panel finished" data-testid="finished-list" aria-labelledby="finished-title">
      <h2 id="finished-title">{t('finished.title')}</h2>
      <ul>
        {games.map((game) => {
          const players = playersOf(game);
          return (
            <li key={game.id} data-testid="finished-game" data-game-id={game.id}>
              <span>
                <strong>{players}</strong>
                {' · '}
                <span data-testid="finished-result">{resultOf(game)}</span>
                {' · '}
                <time dateTime={new Date(game.finished.at).toISOString()}>
                  {t('finished.when', { when: when.format(game.finished.at) })}
                </time>
              </span>{' '}
              <a
                className="button-link"
                href={savedGameHref(game.id)}
                data-testid="open-finished"
                aria-label={t('finished.openLabel', { players })}
              >
                {t('finished.open')}
              </a>{' '}
              <a
                className="button-link"
                href={replayHref({ gameId: game.id })}
                data-testid="replay-finished"
                aria-label={t('finished.replayLabel', { players })}
              >
                {t('replay:replay')}
              </a>{' '}
              <button
                type="button"
                data-testid="delete-finished"
                aria-label={t('finished.deleteLabel', { players })}
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
