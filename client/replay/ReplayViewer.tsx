/**
 * A finished game, move by move (#/replay/<matchID>, #/replay?game=<id>, or a record file): the real
 * table, read-only, every planet in view, with step and round controls, play and pause, a scrub bar
 * marked with rounds, the keys (← → Home End, Page Up / Page Down) and `?at=<move>|end` in the
 * address so a link shows one moment, and the Commander's review of a chosen player (ReviewPanel).
 * An online match that is not over shows nothing (its record
 * keeps the seed secret until the end).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MatchRecord, playerView, type ReviewedTurn } from '../../game';
import { playerName } from '../i18n/labels';
import { GameView } from '../table/GameView';
import { fetchMatchRecord } from '../online/lobby';
import { loadSavedGame, savedGamesStore } from '../local/saved-games';
import { Timeline } from './timeline';
import { ReviewMarks, ReviewPanel, type ReviewRun } from './ReviewPanel';
import { useMessages } from '../i18n/messages';
import './replay.css';

export type ReplaySource =
  { kind: 'match'; matchID: string } | { kind: 'local'; gameId: string } | { kind: 'file' };

export type ReplayAt = number | 'end';

interface Loaded {
  record: MatchRecord;
  names?: Record<string, string>;
}

type Loading = { state: 'loading' } | { state: 'failed'; reason: string } | ({ state: 'ready' } & Loaded);

export function ReplayPage({ source, at }: { source: ReplaySource; at?: ReplayAt }) {
  const { t } = useTranslation('replay');
  const [loaded, setLoaded] = useState<Loading>(
    source.kind === 'file' ? { state: 'failed', reason: '' } : { state: 'loading' },
  );
  useEffect(() => {
    let live = true;
    const done = (value: Loading) => live && setLoaded(value);
    if (source.kind === 'match')
      fetchMatchRecord(source.matchID).then(
        (record) => done({ state: 'ready', record: record as MatchRecord }),
        () => done({ state: 'failed', reason: t('notOver') }),
      );
    if (source.kind === 'local') {
      const store = savedGamesStore();
      (store ? loadSavedGame(store, source.gameId) : Promise.resolve(null)).then(
        (game) => {
          if (!game || 'error' in game) return done({ state: 'failed', reason: t('noLocal') });
          done({
            state: 'ready',
            record: {
              format: 'planet-unknown-match',
              version: 1,
              game: 'planet-unknown',
              numPlayers: game.spec.seats.length,
              seed: game.spec.seed,
              setupData: game.spec.options,
              moves: game.moves,
            } as MatchRecord,
            names: Object.fromEntries(game.spec.seats.map((s, i) => [String(i), s.name])),
          });
        },
        () => done({ state: 'failed', reason: t('noLocal') }),
      );
    }
    return () => {
      live = false;
    };
  }, [source, t]);
  if (loaded.state === 'ready') return <ReplayViewer record={loaded.record} names={loaded.names} at={at} />;
  return (
    <section className="panel narrow" data-testid="replay-open" aria-labelledby="replay-title">
      <h1 id="replay-title">{t('title')}</h1>
      {loaded.state === 'loading' && <p data-testid="replay-loading">{t('loading')}</p>}
      {loaded.state === 'failed' && loaded.reason && (
        <p className="alert" role="alert" data-testid="replay-failure">
          {loaded.reason}
        </p>
      )}
      <RecordFilePicker onRecord={(record) => setLoaded({ state: 'ready', record })} />
    </section>
  );
}

/** Opens a record file (the end screen's download, `npm run sim -- --records`). */
function RecordFilePicker({ onRecord }: { onRecord(record: MatchRecord): void }) {
  const { t } = useTranslation('replay');
  const [error, setError] = useState<string | null>(null);
  return (
    <p>
      <label>
        {t('openFile')}{' '}
        <input
          type="file"
          accept="application/json,.json"
          data-testid="replay-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            file.text().then(
              (text) => {
                try {
                  const record = JSON.parse(text) as MatchRecord;
                  new Timeline(record); // refuses a broken record with its reason
                  setError(null);
                  onRecord(record);
                } catch (err) {
                  setError(t('badFile', { reason: err instanceof Error ? err.message : String(err) }));
                }
              },
              () => setError(t('badFile', { reason: '' })),
            );
          }}
        />
      </label>
      {error && (
        <span className="alert" role="alert" data-testid="replay-file-error">
          {' '}
          {error}
        </span>
      )}
    </p>
  );
}

const SPEEDS = [0.5, 1, 2, 4] as const;

export function ReplayViewer({ record, names, at: initial }: Loaded & { at?: ReplayAt }) {
  const { t } = useTranslation('replay');
  const messages = useMessages();
  const timeline = useMemo(() => new Timeline(record), [record]);
  const [at, setAt] = useState(() =>
    initial === undefined || initial === 'end' ? timeline.length : Math.min(timeline.length, initial),
  );
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const G = useMemo(() => timeline.stateAt(at), [timeline, at]);
  const go = useCallback(
    (next: number) => setAt(Math.max(0, Math.min(timeline.length, next))),
    [timeline.length],
  );
  const [reviewed, setReviewed] = useState<ReviewedTurn[]>([]);
  // Everyone's table, or one seat's own view: a simultaneous round watched player by player.
  const [watch, setWatch] = useState<string>('');
  const shown = useMemo(() => (watch === '' ? G : playerView(G, watch)), [G, watch]);
  const onReview = useCallback(
    (run: ReviewRun) => setReviewed(run.status === 'running' || run.status === 'done' ? run.turns : []),
    [],
  );

  // The address follows the position, so a link shows this moment (without a new history entry).
  useEffect(() => {
    const hash = window.location.hash;
    const [path = '', query = ''] = hash.split('?');
    const params = new URLSearchParams(query);
    params.set('at', at === timeline.length ? 'end' : String(at));
    const next = `${path}?${params.toString()}`;
    if (next !== hash) window.history.replaceState(null, '', next);
  }, [at, timeline.length]);

  // Playing: one move per tick at the chosen speed, stopping at the end.
  const running = playing && at < timeline.length;
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => {
      setAt((n) => Math.min(timeline.length, n + 1));
      if (at + 1 >= timeline.length) setPlaying(false);
    }, 1000 / speed);
    return () => clearTimeout(timer);
  }, [running, at, speed, timeline.length]);

  // The keys, wherever the focus is but in a field.
  useEffect(() => {
    const clamp = (n: number) => Math.max(0, Math.min(timeline.length, n));
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA')) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const moves: Record<string, (now: number) => number> = {
        ArrowLeft: (now) => now - 1,
        ArrowRight: (now) => now + 1,
        Home: () => 0,
        End: () => timeline.length,
        PageUp: (now) => timeline.roundStep(now, -1),
        PageDown: (now) => timeline.roundStep(now, 1),
      };
      const move = moves[e.key];
      if (!move) return;
      e.preventDefault();
      setAt((now) => clamp(move(now)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [timeline]);

  const round = timeline.roundAt(at);
  const listId = 'replay-rounds';
  return (
    <div className="replay" data-testid="replay" data-at={at} data-length={timeline.length}>
      <section className="panel replay-controls" aria-label={t('controls')} data-testid="replay-controls">
        {timeline.failure && (
          <p className="alert" role="alert" data-testid="replay-damaged">
            {t('damaged', {
              n: timeline.failure.index + 1,
              reason: messages.text(timeline.failure.reason),
            })}
          </p>
        )}
        <p className="replay-position" aria-live="polite" data-testid="replay-position">
          {at === timeline.length && G.result
            ? t('positionEnd', { total: timeline.length })
            : t('position', { at, total: timeline.length, round })}
        </p>
        <div className="buttons" role="toolbar" aria-label={t('controls')}>
          <button type="button" data-testid="replay-start" onClick={() => go(0)} aria-keyshortcuts="Home">
            |◀ {t('start')}
          </button>
          <button
            type="button"
            data-testid="replay-round-back"
            onClick={() => go(timeline.roundStep(at, -1))}
            aria-keyshortcuts="PageUp"
          >
            ◀◀ {t('roundBack')}
          </button>
          <button
            type="button"
            data-testid="replay-back"
            onClick={() => go(at - 1)}
            aria-keyshortcuts="ArrowLeft"
          >
            ◀ {t('back')}
          </button>
          <button
            type="button"
            data-testid="replay-play"
            aria-pressed={running}
            onClick={() => {
              if (!running && at >= timeline.length) setAt(0);
              setPlaying(!running);
            }}
          >
            {running ? `❙❙ ${t('pause')}` : `▶ ${t('play')}`}
          </button>
          <button
            type="button"
            data-testid="replay-forward"
            onClick={() => go(at + 1)}
            aria-keyshortcuts="ArrowRight"
          >
            {t('forward')} ▶
          </button>
          <button
            type="button"
            data-testid="replay-round-forward"
            onClick={() => go(timeline.roundStep(at, 1))}
            aria-keyshortcuts="PageDown"
          >
            {t('roundForward')} ▶▶
          </button>
          <button
            type="button"
            data-testid="replay-end"
            onClick={() => go(timeline.length)}
            aria-keyshortcuts="End"
          >
            {t('end')} ▶|
          </button>
          <label>
            {t('watch')}{' '}
            <select data-testid="replay-watch" value={watch} onChange={(e) => setWatch(e.target.value)}>
              <option value="">{t('watchEveryone')}</option>
              {Array.from({ length: record.numPlayers }, (_, i) => String(i)).map((p) => (
                <option key={p} value={p}>
                  {t('watchSeat', { name: playerName(p, names) })}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('speed')}{' '}
            <select
              data-testid="replay-speed"
              value={speed}
              onChange={(e) => setSpeed(Number(e.target.value) as (typeof SPEEDS)[number])}
            >
              {SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {t('perSecond', { count: s })}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="replay-scrub">
          <span className="sr-only">{t('scrub')}</span>
          <input
            type="range"
            min={0}
            max={timeline.length}
            value={at}
            list={listId}
            data-testid="replay-scrub"
            aria-valuetext={t('position', { at, total: timeline.length, round })}
            onChange={(e) => go(Number(e.target.value))}
          />
          <datalist id={listId}>
            {timeline.rounds.map((r) => (
              <option key={r.at} value={r.at} label={t('roundMark', { round: r.round })} />
            ))}
          </datalist>
        </label>
        <ReviewMarks turns={reviewed} length={timeline.length} go={go} />
      </section>
      <ReviewPanel record={record} names={names} G={G} go={go} onRun={onReview} />
      <GameView
        G={shown}
        player={watch === '' ? null : watch}
        watchOnly={watch !== ''}
        names={names}
        send={() => {}}
        logReplay={{
          final: timeline.final,
          written: timeline.logEntriesAt(at),
          positionOf: (index) => timeline.positionOfEntry(index),
          go,
        }}
      />
    </div>
  );
}
