/**
 * The home page's list of games to continue: the unfinished local games saved in this browser (when
 * each was last played, who sits at it and its round; each can be resumed or deleted) and the online
 * matches where this browser holds a seat (one that is over with its result, a Replay link, and a
 * way to forget it). Hidden when there is none.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavedGames } from './use-saved-games';
import { listSavedGames, type SavedLocalGame } from '../local/saved-games';
import { matchHref, replayHref, savedGameHref } from '../routes';
import { forgetSeat, heldSeats, lobby } from '../online/lobby';
import { GAME_NAME } from '../../game';

function readHeldSeats() {
  try {
    return Object.entries(heldSeats());
  } catch {
    return [];
  }
}

/** How an online match ended, as its public metadata says (its seats' names and totals). */
interface MatchEnd {
  winners: string[];
  scores: { player: string; total: number }[];
  names: Record<string, string>;
}

/** The end of each held match that is over, asked of the lobby once the page shows the list. */
function useMatchEnds(matchIDs: readonly string[]): Record<string, MatchEnd> {
  const [ends, setEnds] = useState<Record<string, MatchEnd>>({});
  const key = matchIDs.join(',');
  useEffect(() => {
    const controller = new AbortController();
    for (const matchID of key ? key.split(',') : []) {
      lobby()
        .getMatch(GAME_NAME, matchID, { signal: controller.signal })
        .then((match) => {
          const over = match.gameover as Partial<MatchEnd> | undefined;
          if (!over || !Array.isArray(over.winners) || !Array.isArray(over.scores)) return;
          const names = Object.fromEntries(
            match.players.map((p) => [String(p.id), p.name ?? String(p.id + 1)]),
          );
          setEnds((now) => ({
            ...now,
            [matchID]: { winners: over.winners ?? [], scores: over.scores ?? [], names },
          }));
        })
        .catch(() => undefined); // gone or unreachable: listed as it is, to open or forget
    }
    return () => controller.abort();
  }, [key]);
  return ends;
}

export function ResumeList() {
  const { t, i18n } = useTranslation('pages');
  const { games, failure, remove } = useSavedGames(listSavedGames);
  const [held, setHeld] = useState(readHeldSeats);
  const ends = useMatchEnds(held.map(([matchID]) => matchID));
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
        {held.map(([matchID, seat]) => {
          const end = ends[matchID];
          return (
            <li
              key={`match-${matchID}`}
              data-testid="held-match"
              data-match-id={matchID}
              data-over={end ? 'true' : undefined}
            >
              <span>
                <strong>{t('continueOnline.match', { id: matchID })}</strong>
                {' · '}
                {t('continueOnline.seat', { name: seat.playerName, n: Number(seat.playerID) + 1 })}
                {end && (
                  <>
                    {' · '}
                    <span data-testid="held-match-result">
                      {t('continueOnline.over', {
                        result: t('finished.result', {
                          count: end.winners.length,
                          winners: end.winners.map((p) => end.names[p] ?? p).join(', '),
                          scores: end.scores
                            .map((s) =>
                              t('finished.score', { name: end.names[s.player] ?? s.player, total: s.total }),
                            )
                            .join(', '),
                        }),
                      })}
                    </span>
                  </>
                )}
              </span>{' '}
              <a
                className="button-link"
                href={matchHref(matchID)}
                data-testid="open-match"
                aria-label={t('continueOnline.openLabel', { id: matchID })}
              >
                {t('continueOnline.open')}
              </a>
              {end && (
                <>
                  {' '}
                  <a
                    className="button-link"
                    href={replayHref({ matchID })}
                    data-testid="replay-match"
                    aria-label={t('continueOnline.replayLabel', { id: matchID })}
                  >
                    {t('continueOnline.replay')}
                  </a>{' '}
                  <button
                    type="button"
                    data-testid="forget-match"
                    aria-label={t('continueOnline.forgetLabel', { id: matchID })}
                    onClick={() => {
                      forgetSeat(matchID);
                      setHeld(readHeldSeats());
                    }}
                  >
                    {t('continueOnline.forget')}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
