/**
 * The Commander's review in the replay viewer: for a chosen player, each of their round turns is
 * compared with the Commander's best alternative in sampled worlds (game/bots/review.ts, run in a
 * worker with a progress bar, and stoppable); the scrub bar marks the turns that cost medals, and a
 * summary names the three costliest, each a link to its moment with the alternative's squares
 * outlined on the planet. A finished review is kept in this browser, so it runs once per game,
 * player and budget.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Action,
  costliestTurns,
  type GameState,
  type MatchRecord,
  type PlayerID,
  REVIEW_WORLDS,
  type ReviewedTurn,
} from '../../game';
import { describeAction } from '../local/describe-action';
import { highlightCells } from '../table/highlight-store';
import { useMessages } from '../i18n/messages';
import { playerName } from '../i18n/labels';
import type { ReviewReply, ReviewRequest } from './review-protocol';

/** Worlds per turn the player may choose: fewer is quicker, more is surer. */
const BUDGETS = [3, REVIEW_WORLDS, 12] as const;

export type ReviewRun =
  | { status: 'idle' }
  | { status: 'running'; turns: ReviewedTurn[]; total: number }
  | { status: 'done'; turns: ReviewedTurn[]; stopped: boolean }
  | { status: 'failed'; message: string };

/** A short fingerprint of the record's moves: two games with one seed are still told apart. */
function movesHash(record: MatchRecord): string {
  let h = 5381;
  for (const ch of JSON.stringify(record.moves)) h = ((h * 33) ^ ch.charCodeAt(0)) >>> 0;
  return h.toString(36);
}

const storageKey = (game: string, player: PlayerID, worlds: number) =>
  `planet-unknown:review:${game}:${player}:${worlds}`;

function kept(key: string): ReviewedTurn[] | null {
  try {
    const raw = localStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(value) ? (value as ReviewedTurn[]) : null;
  } catch {
    return null;
  }
}

function keptRun(key: string): ReviewRun {
  const turns = kept(key);
  return turns ? { status: 'done', turns, stopped: false } : { status: 'idle' };
}

function keep(key: string, turns: ReviewedTurn[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(turns));
  } catch {
    // A full or refused storage only means the review runs again next time.
  }
}

interface Props {
  record: MatchRecord;
  names?: Record<string, string>;
  /** The position shown, for the words of actions. */
  G: GameState;
  go(at: number): void;
  onRun(run: ReviewRun, player: PlayerID): void;
}

export function ReviewPanel({ record, names, G, go, onRun }: Props) {
  const { t } = useTranslation('replay');
  const local = useTranslation('local').t;
  const messages = useMessages();
  const [player, setPlayer] = useState<PlayerID>('0');
  const [worlds, setWorlds] = useState<number>(REVIEW_WORLDS);
  const worker = useRef<Worker | null>(null);
  // The record is hashed once, not at every step the viewer takes.
  const game = useMemo(() => `${record.seed}:${movesHash(record)}`, [record]);
  const key = storageKey(game, player, worlds);
  // The run belongs to its game, player and budget: another choice shows what is kept for it, a
  // review done on an earlier visit at once.
  const [stored, setStored] = useState<{ key: string; run: ReviewRun }>(() => ({ key, run: keptRun(key) }));
  if (stored.key !== key) setStored({ key, run: keptRun(key) });
  const run = stored.run;
  useEffect(() => onRun(run, player), [run, player, onRun]);
  useEffect(() => () => worker.current?.terminate(), []);

  const start = () => {
    worker.current?.terminate();
    const w = new Worker(new URL('./review-worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    const turns: ReviewedTurn[] = [];
    const setRun = (next: ReviewRun) => setStored({ key, run: next });
    setRun({ status: 'running', turns: [], total: 0 });
    w.onmessage = ({ data }: MessageEvent<ReviewReply>) => {
      if (data.kind === 'turn') {
        turns.push(data.turn);
        setRun({ status: 'running', turns: [...turns], total: data.total });
      } else if (data.kind === 'done') {
        keep(key, turns);
        setRun({ status: 'done', turns: [...turns], stopped: false });
        w.terminate();
      } else {
        setRun({ status: 'failed', message: data.message });
        w.terminate();
      }
    };
    w.onerror = (event) => {
      event.preventDefault();
      setRun({ status: 'failed', message: event.message || t('review.failed') });
    };
    const request: ReviewRequest = { record, player, worlds };
    w.postMessage(request);
  };
  const stop = () => {
    worker.current?.terminate();
    worker.current = null;
    setStored((now) =>
      now.run.status === 'running'
        ? { key: now.key, run: { status: 'done', turns: now.run.turns, stopped: true } }
        : now,
    );
  };

  const words = (actions: Action[]) =>
    actions
      .filter((a) => a.type === 'takeTile' || a.type === 'placeTile')
      .map((a) => describeAction(a, G, player, local))
      .join(', ');
  const show = (turn: ReviewedTurn) => {
    go(turn.at);
    if (turn.better) highlightCells(player, turn.better.cells, 60_000);
    // The planet, where the alternative is outlined, comes into view.
    requestAnimationFrame(() =>
      document
        .querySelector(`[data-testid="seat-planet-card-${player}"]`)
        ?.scrollIntoView?.({ block: 'center', behavior: 'smooth' }),
    );
  };

  const turns = run.status === 'running' || run.status === 'done' ? run.turns : [];
  const costly = costliestTurns(turns);
  const total = turns.reduce((sum, turn) => sum + turn.cost, 0);
  const seats = Array.from({ length: record.numPlayers }, (_, i) => String(i));
  return (
    <section className="panel replay-review" data-testid="replay-review" aria-labelledby="review-title">
      <h2 id="review-title">{t('review.title')}</h2>
      <p className="small">{t('review.intro')}</p>
      <div className="buttons">
        <label>
          {t('review.player')}{' '}
          <select
            data-testid="review-player"
            value={player}
            disabled={run.status === 'running'}
            onChange={(e) => setPlayer(e.target.value)}
          >
            {seats.map((p) => (
              <option key={p} value={p}>
                {playerName(p, names)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('review.worlds')}{' '}
          <select
            data-testid="review-worlds"
            value={worlds}
            disabled={run.status === 'running'}
            onChange={(e) => setWorlds(Number(e.target.value))}
          >
            {BUDGETS.map((n) => (
              <option key={n} value={n}>
                {t('review.worldsCount', { count: n })}
              </option>
            ))}
          </select>
        </label>
        {run.status === 'running' ? (
          <button type="button" data-testid="review-stop" onClick={stop}>
            ■ {t('review.stop')}
          </button>
        ) : (
          <button type="button" className="primary" data-testid="review-start" onClick={start}>
            {run.status === 'done' ? t('review.again') : t('review.start')}
          </button>
        )}
      </div>
      {run.status === 'running' && (
        <p data-testid="review-running">
          <progress data-testid="review-progress" value={run.turns.length} max={run.total || 1} />{' '}
          {run.total
            ? t('review.progress', { done: run.turns.length, total: run.total })
            : t('review.starting')}
        </p>
      )}
      {run.status === 'failed' && (
        <p className="alert" role="alert" data-testid="review-failed">
          {t('review.failed')} {run.message}
        </p>
      )}
      {turns.length > 0 && run.status === 'done' && (
        <div data-testid="review-summary" aria-live="polite">
          <p>
            {run.stopped ? t('review.stopped', { count: turns.length }) + ' ' : ''}
            {t('review.total', { name: playerName(player, names), medals: total.toFixed(1) })}
          </p>
          {costly.length === 0 ? (
            <p data-testid="review-clean">{t('review.clean')}</p>
          ) : (
            <ol className="review-costly">
              {costly.map((turn) => (
                <li key={turn.round} data-testid="review-costly" data-round={turn.round}>
                  <strong>{t('review.turn', { round: turn.round, medals: turn.cost.toFixed(1) })}</strong>{' '}
                  {t('review.played', { actions: words(turn.played) })}{' '}
                  {turn.better &&
                    t('review.better', {
                      actions: words(turn.better.actions),
                      reason: messages.text(turn.better.reason),
                    })}{' '}
                  <button type="button" data-testid={`review-show-${turn.round}`} onClick={() => show(turn)}>
                    {t('review.show')}
                  </button>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}

/** The reviewed turns on the scrub bar: a mark per turn that cost medals, a click goes there. */
export function ReviewMarks({
  turns,
  length,
  go,
}: {
  turns: readonly ReviewedTurn[];
  length: number;
  go(at: number): void;
}) {
  const { t } = useTranslation('replay');
  const marked = turns.filter((turn) => turn.cost > 0);
  if (marked.length === 0 || length === 0) return null;
  const worst = Math.max(...marked.map((turn) => turn.cost));
  return (
    <div className="review-marks" data-testid="review-marks" aria-label={t('review.marks')}>
      {marked.map((turn) => (
        <button
          type="button"
          key={turn.round}
          className="review-mark"
          data-testid={`review-mark-${turn.round}`}
          style={{ left: `${(turn.at / length) * 100}%`, opacity: 0.35 + (0.65 * turn.cost) / worst }}
          title={t('review.turn', { round: turn.round, medals: turn.cost.toFixed(1) })}
          aria-label={t('review.turn', { round: turn.round, medals: turn.cost.toFixed(1) })}
          onClick={() => go(turn.at)}
        />
      ))}
    </div>
  );
}
