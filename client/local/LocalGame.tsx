/**
 * A table on one device: pass-and-play between people, bots, or solo. One boardgame.io client per
 * seat, all on one in-browser master (`Local()`). Bots play through a worker, from their own view.
 * Only one person's view is on screen at a time; when several people share the device a hand-over
 * screen hides everything private until the next person says they hold it.
 * Every step is saved in the browser (saved-games.ts); a saved game resumes by replaying its moves.
 */
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import { awaiting, type GameState, type PlayerID } from '../../game';
import { GameView, StatusLine } from '../table/GameView';
import { sendAction, type PUClient } from '../online/game-client';
import { BotPanel, useBotTable } from './BotPanel';
import { HintPanel } from './HintPanel';
import { localMatchRecord } from './match-record';
import { awaitedIn, chooseSeat, publicView } from './seat-view';
import { localSpecError, localSpecHref, type LocalSpec } from './setup-spec';
import { EndActions } from '../board/EndActions';
import { tableGame } from './table-game';
import { defaultPlayerName, newGameHref, replayHref, savedGameHref } from '../routes';
import { replayThroughClients, tableMoves, type ReplayProgress } from './resume-game';
import {
  finishedSummary,
  GameSaver,
  loadSavedGame,
  newGameId,
  savedGamesStore,
  type SavedLocalGame,
} from './saved-games';
import { useLeaveGuard } from './leave-guard';

/**
 * The table's settings, or (older links) a number of people named "Player 1…n" (translated), or
 * the id of a game saved in this browser to resume.
 */
export type LocalGameProps = { spec: LocalSpec } | { players: number; seed?: string } | { resume: string };

export function specFromProps(props: { spec: LocalSpec } | { players: number; seed?: string }): LocalSpec {
  if ('spec' in props) return props.spec;
  return {
    seats: Array.from({ length: props.players }, (_, i) => ({ name: defaultPlayerName(i), bot: null })),
    options: {},
    ...(props.seed ? { seed: props.seed } : {}),
  };
}

const randomSeed = () => Math.random().toString(36).slice(2, 10);

type RecordedMove = SavedLocalGame['moves'][number];

/** A game as the table plays it: new (no moves yet) or resumed from the browser. */
interface TableStart {
  id: string;
  spec: LocalSpec;
  seed: string;
  startedAt: number;
  moves: readonly RecordedMove[];
}

export function LocalGame(props: LocalGameProps) {
  if ('resume' in props) return <ResumedGame id={props.resume} />;
  return <NewGame {...props} />;
}

function NewGame(props: { spec: LocalSpec } | { players: number; seed?: string }) {
  const { t } = useTranslation('local');
  // One spec object for the table's whole life, whatever the parent re-creates.
  const specKey = JSON.stringify(specFromProps(props));
  const spec = useMemo(() => JSON.parse(specKey) as LocalSpec, [specKey]);
  const error = localSpecError(spec);
  // A table without a seed still gets one, so its record replays.
  const [fallbackSeed] = useState(randomSeed);
  const [id] = useState(newGameId);
  const [startedAt] = useState(Date.now);
  const start = useMemo(
    () => ({ id, spec, seed: spec.seed ?? fallbackSeed, startedAt, moves: [] }),
    [id, spec, fallbackSeed, startedAt],
  );
  if (error)
    return (
      <p className="alert" role="alert" data-testid="local-error">
        {t('badSpec', { reason: error })}
      </p>
    );
  return <LocalTable start={start} />;
}

type LoadProblem =
  { problem: 'noStorage' | 'missing' | 'unreadable' } | { problem: 'damaged'; reason: string };

function ResumedGame({ id }: { id: string }) {
  const { t } = useTranslation('local');
  const [loaded, setLoaded] = useState<TableStart | LoadProblem | null>(null);
  useEffect(() => {
    let live = true;
    const store = savedGamesStore();
    const loading = store ? loadSavedGame(store, id) : Promise.resolve(null);
    loading.then(
      (game) => {
        if (!live) return;
        if (game === null) setLoaded({ problem: 'noStorage' });
        else if ('missing' in game) setLoaded({ problem: 'missing' });
        else if ('error' in game) setLoaded({ problem: 'damaged', reason: game.error });
        else
          setLoaded({
            id: game.id,
            spec: game.spec,
            seed: game.spec.seed,
            startedAt: game.startedAt,
            moves: game.moves,
          });
      },
      () => live && setLoaded({ problem: 'unreadable' }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (!loaded) return <p data-testid="loading">{t('loading')}</p>;
  if ('problem' in loaded)
    return (
      <section className="panel narrow" data-testid="saved-game-missing">
        <p className="alert" role="alert">
          {loaded.problem === 'damaged'
            ? t('saved.damaged', { reason: loaded.reason })
            : t(`saved.${loaded.problem}`)}
        </p>
        <p>
          <a href="#/">{t('saved.home')}</a>
        </p>
      </section>
    );
  return <LocalTable start={loaded} />;
}

const NO_CLIENTS: readonly PUClient[] = [];

interface LocalClients {
  clients: PUClient[];
  /** False while a resumed game's moves are being played again. */
  ready: boolean;
  progress: ReplayProgress | null;
  /** Why a resumed game could not be played to its last saved step. */
  replayFailure: string | null;
}

function useLocalClients(start: TableStart, persons: readonly PlayerID[]): LocalClients {
  const { spec, seed, moves } = start;
  const players = spec.seats.length;
  const optionsKey = JSON.stringify(spec.options);
  // Building the clients only sets up their game; the effect connects them to its in-browser master.
  const clients = useMemo(() => {
    const game = tableGame(JSON.parse(optionsKey) as LocalSpec['options'], seed);
    const multiplayer = Local();
    return Array.from({ length: players }, (_, i) =>
      Client<GameState>({ game, numPlayers: players, multiplayer, playerID: String(i), debug: false }),
    );
  }, [players, seed, optionsKey]);
  const [ready, setReady] = useState(moves.length === 0);
  const [progress, setProgress] = useState<ReplayProgress | null>(null);
  const [replayFailure, setReplayFailure] = useState<string | null>(null);
  useEffect(() => {
    clients.forEach((c) => c.start());
    let cancelled = false;
    if (moves.length)
      void replayThroughClients(clients, moves, setProgress, () => cancelled).then((failure) => {
        if (cancelled) return;
        setReplayFailure(failure);
        setReady(true);
      });
    return () => {
      cancelled = true;
      clients.forEach((c) => c.stop());
    };
  }, [clients, moves]);
  // Only people's clients are shown: a bot's own client needs no render (the master's update of
  // the move reaches every person's client anyway).
  const shown = useMemo(() => clients.filter((_, i) => persons.includes(String(i))), [clients, persons]);
  useTableUpdates(ready ? shown : NO_CLIENTS, persons);
  return { clients, ready, progress, replayFailure };
}

/**
 * Saves the table after every step (its moves, from every seat's log), and once the game is over
 * saves it a last time with its result. After the first save the address becomes the saved game's, so a reload resumes it.
 */
function useSavedProgress(start: TableStart, clients: readonly PUClient[], ready: boolean): number | null {
  const [saver] = useState(() => {
    const store = savedGamesStore();
    return store ? new GameSaver(store) : null;
  });
  // The state id last written, shown on the table so a test (or a curious player) knows the save is done.
  const [savedStateID, setSavedStateID] = useState<number | null>(null);
  // The address the table was opened at: the saved game's address replaces it, and nothing else. A
  // write that ends after the person has left (a link followed, Back) finds another address there
  // before the table is gone, and must not put the table's back in its place.
  const [openedAt] = useState(() => window.location.hash);
  const { id, spec, seed, startedAt } = start;
  useEffect(() => {
    if (!saver || !ready || clients.length === 0) return;
    let savedMoves = -1;
    // The write of the latest moves: a state that adds no move (a stage the game moves on by itself)
    // is saved once that write is.
    let lastWrite: Promise<boolean> = Promise.resolve(false);
    let finished = false;
    // Once the table is gone, a late write must not touch the address of the page now shown.
    let mounted = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const save = () => {
      timer = null;
      const state = clients[0]?.getState();
      const G = state?.G;
      if (!state || !G || finished) return;
      const moves = tableMoves(clients);
      const stateID = state._stateID;
      const markSaved = (written: boolean) => {
        if (written && mounted) setSavedStateID(stateID);
        return written;
      };
      if (moves.length === savedMoves && G.result === null) {
        void lastWrite.then(markSaved);
        return;
      }
      savedMoves = moves.length;
      const game: SavedLocalGame = {
        id,
        spec: { ...spec, seed },
        moves,
        startedAt,
        updatedAt: Date.now(),
        round: G.round,
      };
      if (G.result !== null) {
        // Kept with its result, for the home page's finished games (and a reload shows the end).
        finished = true;
        void saver.finish({ ...game, finished: finishedSummary(G.result) });
        return;
      }
      lastWrite = saver.save(game).then((written) => {
        if (!markSaved(written) || !mounted) return written;
        const href = savedGameHref(id);
        if (window.location.hash === openedAt && openedAt !== href)
          window.history.replaceState(null, '', href);
        return written;
      });
    };
    // Every seat's client hears of a move before the next task: save once they all have.
    const schedule = () => {
      timer ??= setTimeout(save, 0);
    };
    schedule();
    const unsubscribe = clients.map((c) => c.subscribe(schedule));
    return () => {
      mounted = false;
      unsubscribe.forEach((u) => u());
      if (timer) {
        clearTimeout(timer);
        save();
      }
    };
  }, [saver, ready, clients, id, spec, seed, startedAt, openedAt]);
  return savedStateID;
}

/** A hint holds until the person's own turn moves on (bots playing meanwhile do not clear it). */
function hintKey(G: GameState, player: PlayerID): string {
  const turn = G.private[player]?.turn;
  return [
    player,
    G.round,
    G.step,
    turn ? turn.steps.length : -1,
    G.private[player]?.rejection?.serial ?? 0,
  ].join(':');
}

/** What changes for the people at the table: who must act, and each person's own turn. */
function peopleKey(clients: readonly PUClient[], persons: readonly PlayerID[]): string {
  return JSON.stringify(
    persons.map((p, i) => {
      // Each person's own view: only it tells whether the game waits for them.
      const G = clients[i]?.getState()?.G;
      if (!G) return null;
      const own = G.private[p];
      return [
        G.round,
        G.step,
        G.result !== null,
        awaiting(G)[p] ?? null,
        own?.turn?.steps.length ?? -1,
        own?.rejection?.serial ?? 0,
      ];
    }),
  );
}

/** While only bots are moving, the table redraws at most this often: drawing it is the slow part. */
const BOT_REDRAW_MS = 700;

/**
 * Re-render on the clients' updates: at once when something changes for a person at the table,
 * otherwise (bots playing) at most every BOT_REDRAW_MS, so a person's clicks never queue behind
 * redraws of every bot move.
 */
function useTableUpdates(clients: readonly PUClient[], persons: readonly PlayerID[]): void {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    let lastKey = '';
    let timer: ReturnType<typeof setTimeout> | null = null;
    const redraw = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      bump();
    };
    const onUpdate = () => {
      const key = peopleKey(clients, persons);
      if (key !== lastKey) {
        lastKey = key;
        redraw();
      } else timer ??= setTimeout(redraw, BOT_REDRAW_MS);
    };
    const unsubscribe = clients.map((c) => c.subscribe(onUpdate));
    return () => {
      unsubscribe.forEach((u) => u());
      if (timer) clearTimeout(timer);
    };
  }, [clients, persons]);
}

function LocalTable({ start }: { start: TableStart }) {
  const { t } = useTranslation('local');
  const { spec, seed } = start;
  const persons = useMemo(
    () => spec.seats.flatMap((s, i) => (s.bot === null ? [String(i)] : [])),
    [spec.seats],
  );
  const { clients, ready, progress, replayFailure } = useLocalClients(start, persons);
  const savedStateID = useSavedProgress(start, clients, ready);
  const names = useMemo(
    () => Object.fromEntries(spec.seats.map((s, i) => [String(i), s.name])) as Record<string, string>,
    [spec.seats],
  );
  const bots = useMemo(
    () => spec.seats.flatMap((s, i) => (s.bot === null ? [] : [{ player: String(i), level: s.bot }])),
    [spec.seats],
  );
  // Bots wait until a resumed game stands where it was left.
  const botTable = useBotTable(ready ? clients : NO_CLIENTS, bots, seed);
  const [chosen, setChosen] = useState<PlayerID | null>(null);
  const [revealed, setRevealed] = useState<PlayerID | null>(null);
  // Play again: the same seats and options, a new seed.
  const [nextSeed] = useState(randomSeed);

  const firstPerson = clients[Number(persons[0])]?.getState();
  const inProgress = ready && firstPerson?.G !== undefined && firstPerson.G.result === null;
  useLeaveGuard(inProgress, t('saved.leaveConfirm'));
  // The screen nobody holds: the first person's view with their own secrets stripped again.
  const firstG = firstPerson?.G;
  const publicG = useMemo(() => (firstG ? publicView(firstG) : null), [firstG]);
  if (!ready)
    return (
      <p data-testid="resuming" role="status">
        {t('saved.resuming', { done: progress?.done ?? 0, total: start.moves.length })}
      </p>
    );
  if (!publicG || clients.length === 0 || clients.some((c) => !c.getState()))
    return <p data-testid="loading">{t('loading')}</p>;
  const over = publicG.result !== null;
  const { seat, handOver, actingPersons } = chooseSeat(
    publicG,
    persons,
    (p) => awaitedIn(clients[Number(p)]?.getState()?.G, p),
    chosen,
    revealed,
  );
  const client = clients[Number(seat ?? persons[0])] as PUClient;
  const state = client.getState();
  const G = (seat === null ? publicG : state?.G) as GameState;
  const botCount = bots.length;
  const mode =
    persons.length === 1
      ? botCount
        ? t('mode.bots', { count: botCount })
        : t('mode.solo')
      : botCount
        ? t('mode.passAndPlayBots', { count: persons.length, bots: botCount })
        : t('mode.passAndPlay', { count: persons.length });
  const nameOf = (p: PlayerID) => names[p] ?? p;
  const seatBar = (
    <div className="seat-bar">
      <span>
        {mode}. {t('onScreen')}{' '}
        <strong data-testid="seat-on-screen">{seat === null ? t('nobodyOnScreen') : nameOf(seat)}</strong>
      </span>
      {!over &&
        actingPersons
          .filter((p) => p !== seat)
          .map((p) => (
            <button type="button" key={p} data-testid={`switch-${p}`} onClick={() => setChosen(p)}>
              {t('letPlay', { name: nameOf(p) })}
            </button>
          ))}
    </div>
  );

  return (
    <div
      className="local-game"
      data-testid="local-game"
      data-seat={seat ?? ''}
      data-acting={actingPersons.join(',')}
      data-state-id={state?._stateID}
      data-saved-state-id={savedStateID ?? ''}
    >
      {replayFailure && (
        <p className="alert" role="alert" data-testid="resume-failure">
          {t('saved.partly', { reason: replayFailure })}
        </p>
      )}
      {handOver && seatBar}
      {handOver && seat !== null ? (
        <section className="handoff" data-testid="handoff" aria-label={t('handoff.region')}>
          <StatusLine G={G} names={names} />
          <h2>{t('handoff.title', { name: nameOf(seat) })}</h2>
          <p>{t('handoff.private', { name: nameOf(seat) })}</p>
          <button
            type="button"
            className="primary"
            data-testid="handoff-ready"
            onClick={() => setRevealed(seat)}
          >
            {t('handoff.ready', { name: nameOf(seat) })}
          </button>
        </section>
      ) : (
        <GameView
          G={G}
          player={seat}
          names={names}
          record={() =>
            localMatchRecord(
              { numPlayers: spec.seats.length, seed, setupData: spec.options },
              clients.map((c) => c.getState()?.log ?? []),
            )
          }
          send={(a) => {
            if (seat !== null) sendAction(client, a);
          }}
          endActions={
            <EndActions
              playAgain={{ href: localSpecHref({ ...spec, seed: nextSeed }) }}
              newGameHref={newGameHref('local')}
              extra={
                <a className="button-link" href={replayHref({ gameId: start.id })} data-testid="replay-link">
                  {t('replay:replay')}
                </a>
              }
            />
          }
          seatBar={seatBar}
          turnExtras={
            <>
              {!over && actingPersons.length === 0 && botCount > 0 && (
                <p className="status" data-testid="waiting-for-bots">
                  {t('waitingForBots')}
                </p>
              )}
              {!over && seat !== null && actingPersons.includes(seat) && (
                <HintPanel
                  key={hintKey(G, seat)}
                  G={G}
                  player={seat}
                  name={nameOf(seat)}
                  source={botTable.source}
                />
              )}
            </>
          }
          extraPanels={
            botCount > 0
              ? [
                  {
                    id: 'bots',
                    label: t('bots.title'),
                    content: <BotPanel bots={bots} names={names} table={botTable} G={publicG} />,
                  },
                ]
              : []
          }
        />
      )}
      {/* During a hand-over the bots go on playing: their panel stays on the screen. */}
      {handOver && seat !== null && botCount > 0 && (
        <BotPanel bots={bots} names={names} table={botTable} G={publicG} />
      )}
    </div>
  );
}
