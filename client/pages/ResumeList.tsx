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
import { fetchStatuses, forgetSeat, heldSeats, type MatchStatus } from '../online/lobby';
import { timeLeft } from '../../game';
import { formatDuration } from '../online/Clocks';
import { noticeTurn } from '../online/turn-notice';

function readHeldSeats() {
  try {
    return Object.entries(heldSeats());
  } catch {
    return [];
  }
}

/** How an online match ended, as its public metadata says (its seats' totals). */
interface MatchEnd {
  winners: string[];
  scores: { player: string; total: number }[];
}

/** How often the list asks the server again while the page is open. */
const STATUS_EVERY_MS = 15_000;

/**
 * The state of each held match, from the server's status route (at most 50 at a time), asked at
 * once and then every few seconds while the page shows the list; a match the server no longer has
 * is marked missing. Failures keep what was known.
 */
function useMatchStatuses(matchIDs: readonly string[]): { now: number; byID: Record<string, MatchStatus> } {
  const [answer, setAnswer] = useState<{ now: number; byID: Record<string, MatchStatus> }>({
    now: 0,
    byID: {},
  });
  const key = matchIDs.slice(0, 50).join(',');
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const ask = () =>
      fetchStatuses(key.split(','), controller.signal)
        .then(({ now, matches }) =>
          setAnswer({ now: now - Date.now(), byID: Object.fromEntries(matches.map((m) => [m.matchID, m])) }),
        )
        .catch(() => undefined); // unreachable: listed as known, to open or forget
    void ask();
    const timer = window.setInterval(() => void ask(), STATUS_EVERY_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [key]);
  return answer;
}

type HeldState =
  | { kind: 'unknown' }
  | { kind: 'missing' }
  | { kind: 'abandoned' }
  | { kind: 'over'; end: MatchEnd | null }
  | { kind: 'seating'; free: number }
  | { kind: 'yourTurn'; left: number | null }
  | { kind: 'waiting'; count: number; left: number | null };

/** What a held match is waiting for, from this seat's point of view. */
function heldState(status: MatchStatus | undefined, seat: string, skew: number): HeldState {
  if (!status) return { kind: 'unknown' };
  if (status.missing) return { kind: 'missing' };
  const over = status.gameover as (Partial<MatchEnd> & { abandoned?: boolean }) | undefined;
  if (over?.abandoned) return { kind: 'abandoned' };
  if (over)
    return {
      kind: 'over',
      end:
        Array.isArray(over.winners) && Array.isArray(over.scores)
          ? { winners: over.winners, scores: over.scores }
          : null,
    };
  const free = (status.players ?? []).filter((p) => !p.name).length;
  if (free > 0) return { kind: 'seating', free };
  const mine = status.clock?.seats[seat];
  const left = mine ? timeLeft(mine, Date.now() + skew) : null;
  const owing = status.owing ?? [];
  if (owing.includes(seat)) return { kind: 'yourTurn', left };
  return { kind: 'waiting', count: owing.length, left };
}

/** Your turn first, then the matches still running, then the ended ones. */
const ORDER: Record<HeldState['kind'], number> = {
  yourTurn: 0,
  waiting: 1,
  seating: 2,
  unknown: 3,
  over: 4,
  abandoned: 5,
  missing: 6,
};

export function ResumeList() {
  const { t, i18n } = useTranslation('pages');
  const { games, failure, remove } = useSavedGames(listSavedGames);
  const [held, setHeld] = useState(readHeldSeats);
  const statuses = useMatchStatuses(held.map(([matchID]) => matchID));
  const heldRows = held
    .map(([matchID, seat]) => ({
      matchID,
      seat,
      state: heldState(statuses.byID[matchID], seat.playerID, statuses.now),
    }))
    .sort((a, b) => ORDER[a.state.kind] - ORDER[b.state.kind]);
  // A held match that became yours while this page is hidden: one notice per match and decision.
  const yourTurns = heldRows
    .filter((r) => r.state.kind === 'yourTurn')
    .map((r) => `${r.matchID}:${statuses.byID[r.matchID]?.round ?? 0}`)
    .join(',');
  useEffect(() => {
    for (const key of yourTurns ? yourTurns.split(',') : []) {
      const [matchID = '', round = '0'] = key.split(':');
      noticeTurn(
        matchID,
        round,
        {
          title: t('online.notice.title'),
          body: t('online.notice.body', { matchID, round: Number(round) }),
        },
        true,
      );
    }
  }, [yourTurns, t]);
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
        {heldRows.map(({ matchID, seat, state }) => {
          const names = Object.fromEntries(
            (statuses.byID[matchID]?.players ?? []).map((p) => [String(p.id), p.name ?? String(p.id + 1)]),
          );
          const ended = state.kind === 'over' || state.kind === 'abandoned' || state.kind === 'missing';
          return (
            <li
              key={`match-${matchID}`}
              data-testid="held-match"
              data-match-id={matchID}
              data-state={state.kind}
              data-over={state.kind === 'over' ? 'true' : undefined}
              className={state.kind === 'yourTurn' ? 'your-turn' : undefined}
            >
              <span>
                <strong>{t('continueOnline.match', { id: matchID })}</strong>
                {' · '}
                {t('continueOnline.seat', { name: seat.playerName, n: Number(seat.playerID) + 1 })}
                {' · '}
                <span data-testid="held-match-state">
                  <HeldStateText state={state} names={names} />
                </span>
              </span>{' '}
              <a
                className={state.kind === 'yourTurn' ? 'button-link primary' : 'button-link'}
                href={matchHref(matchID)}
                data-testid="open-match"
                aria-label={t('continueOnline.openLabel', { id: matchID })}
              >
                {t('continueOnline.open')}
              </a>
              {state.kind === 'over' && (
                <>
                  {' '}
                  <a
                    className="button-link"
                    href={replayHref({ matchID })}
                    data-testid="replay-match"
                    aria-label={t('continueOnline.replayLabel', { id: matchID })}
                  >
                    {t('continueOnline.replay')}
                  </a>
                </>
              )}
              {ended && (
                <>
                  {' '}
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

function HeldStateText({ state, names }: { state: HeldState; names: Record<string, string> }) {
  const { t } = useTranslation('pages');
  const clock = (left: number | null) =>
    left === null ? '' : ` · ${t('continueOnline.timeLeft', { time: formatDuration(left, t) })}`;
  switch (state.kind) {
    case 'unknown':
      return <>{t('continueOnline.state.unknown')}</>;
    case 'missing':
      return <>{t('continueOnline.state.missing')}</>;
    case 'abandoned':
      return <>{t('continueOnline.state.abandoned')}</>;
    case 'seating':
      return <>{t('continueOnline.state.seating', { count: state.free })}</>;
    case 'yourTurn':
      return (
        <strong className="held-your-turn">
          {t('continueOnline.state.yourTurn')}
          {clock(state.left)}
        </strong>
      );
    case 'waiting':
      return (
        <>
          {t('continueOnline.state.waiting', { count: state.count })}
          {clock(state.left)}
        </>
      );
    case 'over':
      return (
        <span data-testid="held-match-result">
          {state.end
            ? t('continueOnline.over', {
                result: t('finished.result', {
                  count: state.end.winners.length,
                  winners: state.end.winners.map((p) => names[p] ?? p).join(', '),
                  scores: state.end.scores
                    .map((s) => t('finished.score', { name: names[s.player] ?? s.player, total: s.total }))
                    .join(', '),
                }),
              })
            : t('continueOnline.state.over')}
        </span>
      );
  }
}
