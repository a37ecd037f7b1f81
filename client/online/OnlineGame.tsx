/**
 * An online match through the server's sockets, as the seat this browser joined (credentials from
 * localStorage, so a reload rejoins) or as a spectator who may take an open seat. Around the table:
 * the connection, an invite link, who is seated and connected (the server's presence route), and
 * for a seated player their seat (rename, hand to a bot, leave), bots for seats whose person left,
 * and "Play again" on the end screen. A clocked match shows its clocks in the table's head and its
 * clocks' notes in the log; the Chat panel holds the table chat; a decision of this seat while the
 * page is hidden is noticed (turn-notice.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import {
  awaiting,
  stageOf,
  type BotLevel,
  type GameState,
  type GuardRejection,
  PlanetUnknown,
  PLAYABLE_BOT_LEVELS,
  REJECTED_EVENT,
} from '../../game';
import { useMessages } from '../i18n/messages';
import { ClockStrip, clockLogNotes } from './Clocks';
import { useTurnNotice } from './turn-notice';
import { ChatPanel, ChatUnread } from './ChatPanel';
import { CHAT_EVENT, ChatStore } from './chat-store';
import { BotLevelField } from './BotLevelField';
import { GameView } from '../table/GameView';
import { sendAction, useClientUpdates } from './game-client';
import {
  fetchMatchRecord,
  fetchPresence,
  handSeatToBot,
  joinSeat,
  lobbyError,
  MatchMissing,
  savedName,
  seatFor,
  type Presence,
  type SeatCredentials,
} from './lobby';
import { MySeat } from './MySeat';
import { PlayAgain } from './PlayAgain';
import { seatNames } from './seat-names';
import { SeatBadge } from '../board/seat-colours';
import { inviteLink, newGameHref, replayHref } from '../routes';
import { EndActions } from '../board/EndActions';

const PRESENCE_EVERY_MS = 5000;

/** The part of boardgame.io's socket.io client the chat listens on. */
interface ChatSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
}

/**
 * The presence route, polled; `refresh` asks again at once (after this page changed a seat, or when
 * boardgame.io's match data says a seat connected or left). Only the answer to the latest question
 * is kept: asked twice in quick succession (a seat leaves, then is back a second later, as on a
 * reload), the answers may come back in either order, and the older one ("not connected") must not
 * overwrite the newer one until the next poll.
 */
function usePresence(matchID: string): [Presence | 'missing' | null, () => void] {
  const [presence, setPresence] = useState<Presence | 'missing' | null>(null);
  const pollNow = useRef<() => void>(() => undefined);
  useEffect(() => {
    const abort = new AbortController();
    let asked = 0;
    const poll = () => {
      const question = ++asked;
      const latest = () => question === asked;
      fetchPresence(matchID, abort.signal)
        .then((p) => {
          if (latest()) setPresence(p);
        })
        // Presence is a courtesy: the table works without it, so a failed poll is simply retried;
        // only an unknown match is worth saying.
        .catch((err: unknown) => {
          if (err instanceof MatchMissing && latest()) setPresence('missing');
        });
    };
    poll();
    pollNow.current = poll;
    const timer = window.setInterval(poll, PRESENCE_EVERY_MS);
    return () => {
      abort.abort();
      window.clearInterval(timer);
      pollNow.current = () => undefined;
    };
  }, [matchID]);
  const refresh = useCallback(() => pollNow.current(), []);
  return [presence, refresh];
}

export function OnlineGame({ matchID }: { matchID: string }) {
  const { t } = useTranslation('pages');
  const [seat, setSeat] = useState<SeatCredentials | undefined>(() => seatFor(matchID));
  const playerID = seat?.playerID;
  const credentials = seat?.credentials;
  const [polled, refreshPresence] = usePresence(matchID);
  const presence = polled === 'missing' ? null : polled;
  // What this page last did to its seat, said until the next change.
  const [notice, setNotice] = useState<string | null>(null);
  // The server's refusal of this seat's last move, said until the player acts again.
  const [moveRefused, setMoveRefused] = useState<Partial<GuardRejection> | null>(null);
  const messages = useMessages();

  // Building a client opens nothing: the socket connects when the effect starts it.
  const client = useMemo(
    () =>
      Client<GameState>({
        game: PlanetUnknown,
        // The match id in the socket's query lets a load balancer keep a match on one instance.
        multiplayer: SocketIO({ server: window.location.origin, socketOpts: { query: { matchID } } }),
        matchID,
        playerID,
        credentials,
        debug: false,
      }),
    [matchID, playerID, credentials],
  );
  // The table chat: the server's copy on each (re)connection, then each new line the socket brings.
  const chat = useMemo(() => new ChatStore(matchID), [matchID]);
  useEffect(() => {
    client.start();
    const socket = (client as unknown as { transport: { socket?: ChatSocket } }).transport.socket;
    const abort = new AbortController();
    const onLine = (_matchID: unknown, line: unknown) => chat.add([line]);
    const onConnect = () => void chat.load(abort.signal);
    const onRejected = (r: Partial<GuardRejection>) => {
      if (r.event === 'chat') chat.setRefused(r.reason ?? '');
      if (r.event === 'update') {
        // The move never reached the game (sent while the socket reconnected, say), but this
        // client already shows it: ask for the server's state, which replaces it, and say so.
        (client as unknown as { transport: { requestSync?: () => void } }).transport.requestSync?.();
        setMoveRefused(r);
      }
    };
    socket?.on(CHAT_EVENT, onLine);
    socket?.on('connect', onConnect);
    socket?.on(REJECTED_EVENT, onRejected);
    return () => {
      abort.abort();
      socket?.off(CHAT_EVENT, onLine);
      socket?.off('connect', onConnect);
      socket?.off(REJECTED_EVENT, onRejected);
      client.stop();
    };
  }, [client, chat]);

  const watched = useMemo(() => [client], [client]);
  useClientUpdates(watched);
  const state = client.getState();
  // Seat names: the match metadata, from boardgame.io's matchData or the presence route, whichever
  // is newer (a rename reaches the others through the presence poll).
  const matchData = client.matchData;
  const names = seatNames(matchData, presence);
  const running = Boolean(state) && !state?.G.result;
  const connection =
    state?.isConnected === false ? 'reconnecting' : state ? 'connected' : ('connecting' as const);
  // The presence route is asked again whenever the match's connections change (boardgame.io sends
  // new match data when a seat connects or leaves) and once this page's socket is up, so the seats
  // line is right from the first second rather than at the next poll.
  useEffect(() => {
    if (connection === 'connected') refreshPresence();
  }, [connection, matchData, refreshPresence]);
  // The clocks move when a decision is made: whose decision is awaited changed, ask for them again.
  const owed = state ? `${state.G.round}:${state.G.step}:${Object.keys(awaiting(state.G)).join(',')}` : '';
  useEffect(() => {
    if (owed) refreshPresence();
  }, [owed, refreshPresence]);
  // A decision of this seat while the page is hidden: the tab, and a notification if allowed.
  const myDecision =
    playerID !== undefined && state && !state.G.result && stageOf(state.G, playerID)
      ? `${state.G.round}:${state.G.step}:${state.G.queue.length}`
      : null;
  useTurnNotice(matchID, myDecision, {
    title: t('online.notice.title'),
    body: t('online.notice.body', { matchID, round: state?.G.round ?? 1 }),
  });
  const logNotes = useMemo(() => clockLogNotes(presence?.clock, names, t), [presence?.clock, names, t]);
  const record = useCallback(
    () => fetchMatchRecord(matchID, state?.G.result ? undefined : seat),
    [matchID, seat, state?.G.result],
  );

  const seatBar = (
    <div className="seat-bar">
      <span>
        {t('online.match')} <code>{matchID}</code>
      </span>
      <span data-testid="seat-role">
        {playerID !== undefined && (
          <>
            <SeatBadge seat={playerID} markerOnly />{' '}
          </>
        )}
        {playerID !== undefined
          ? t('online.youPlay', { name: names[playerID] ?? seat?.playerName ?? '' })
          : t('online.watching')}
      </span>
      {notice && (
        <span role="status" data-testid="seat-notice">
          {notice}
        </span>
      )}
      <span className={`connection ${connection}`} data-testid="connection" role="status">
        <span aria-hidden="true" className="dot" /> {t(`online.connection.${connection}`)}
      </span>
    </div>
  );
  const clocks = presence?.timeControl && !state?.G.result && (
    <ClockStrip matchID={matchID} info={presence} names={names} mine={seat} onBack={refreshPresence} />
  );

  const seatIds = presence ? presence.players.map((p) => p.id) : (matchData ?? []).map((p) => p.id);
  // While a seat is free (and the game not over), the invite link and the seat controls come first,
  // above the table: they are what the page is for until everyone is seated.
  const seatsFree = !state?.G.result && seatIds.some((id) => !names[String(id)]);
  const seatsPanel = (
    <SeatsPanel
      matchID={matchID}
      presence={presence}
      names={names}
      connected={connection === 'connected'}
      seats={(matchData ?? []).map((p) => p.id)}
      mine={seat}
      canJoin={playerID === undefined && !state?.G.result}
      canHand={running && seat !== undefined}
      onJoined={(s) => {
        setNotice(null);
        setSeat(s);
      }}
      onHanded={refreshPresence}
    />
  );

  if (polled === 'missing' && !state)
    return (
      <section className="panel narrow" data-testid="match-missing">
        <p className="alert" role="alert">
          {t('online.missing', { matchID })}
        </p>
        <p>
          <a href="#/">{t('badLink.home')}</a>
        </p>
      </section>
    );

  return (
    <div
      className="online-game"
      data-testid="online-game"
      data-seat={playerID ?? ''}
      data-state-id={state?._stateID}
    >
      {seatsFree && (
        <div className="online-top" data-testid="online-top">
          <InviteLink matchID={matchID} />
          {seatsPanel}
        </div>
      )}
      {state ? (
        <GameView
          G={state.G}
          player={playerID ?? null}
          names={names}
          send={(a) => {
            setMoveRefused(null);
            sendAction(client, a);
          }}
          turnAlert={
            moveRefused && (
              <p className="alert" role="alert" data-testid="move-not-played">
                {moveRefused.message
                  ? t('online.moveNotPlayedWhy', { reason: messages.text(moveRefused.message) })
                  : t('online.moveNotPlayed')}
              </p>
            )
          }
          record={state.G.result || seat ? record : undefined}
          endActions={
            <EndActions
              playAgain={seat ? <PlayAgain matchID={matchID} seat={seat} /> : undefined}
              newGameHref={newGameHref('online')}
              extra={
                <a className="button-link" href={replayHref({ matchID })} data-testid="replay-link">
                  {t('replay:replay')}
                </a>
              }
            />
          }
          seatBar={seatBar}
          extraPanels={[
            {
              id: 'chat',
              label: t('chat.title'),
              badge: <ChatUnread store={chat} />,
              content: (shown: boolean) => (
                <ChatPanel
                  store={chat}
                  shown={shown}
                  seat={playerID}
                  names={names}
                  seats={seatIds.map(String)}
                  send={(text) => client.sendChatMessage({ text })}
                />
              ),
            },
          ]}
          logNotes={logNotes}
          headExtra={clocks}
        />
      ) : (
        <>
          {seatBar}
          <p>{t('online.connecting')}</p>
        </>
      )}
      <div className="online-extras">
        {!seatsFree && <InviteLink matchID={matchID} />}
        {!seatsFree && seatsPanel}
        {seat && state && (
          <MySeat
            key={seat.playerID}
            matchID={matchID}
            seat={seat}
            name={names[seat.playerID] ?? seat.playerName}
            running={running}
            onRenamed={(renamed) => {
              setSeat(renamed);
              refreshPresence();
            }}
            onHanded={(level) => {
              setSeat(undefined);
              setNotice(t('online.seat.handed', { level: t(`botLevels.${level}`) }));
              refreshPresence();
            }}
            onLeft={() => {
              window.location.hash = '#/';
            }}
          />
        )}
      </div>
    </div>
  );
}

function InviteLink({ matchID }: { matchID: string }) {
  const { t } = useTranslation('pages');
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const link = inviteLink(matchID);
  const copy = () => {
    navigator.clipboard
      .writeText(link)
      .then(() => setCopied('yes'))
      .catch(() => setCopied('no'));
  };
  return (
    <div className="invite">
      <label className="field">
        <span>{t('online.invite')}</span>
        <input readOnly value={link} data-testid="invite-link" onFocus={(e) => e.target.select()} />
      </label>
      <button type="button" onClick={copy} data-testid="copy-invite">
        {t('online.copy')}
      </button>
      <span role="status" className="small">
        {copied === 'yes' ? t('online.copied') : copied === 'no' ? t('online.copyFailed') : ''}
      </span>
    </div>
  );
}

/** Who sits where and whether they are connected; joining an open seat; bots for empty seats. */
export function SeatsPanel({
  matchID,
  presence,
  names,
  connected,
  seats,
  mine,
  canJoin,
  canHand,
  onJoined,
  onHanded,
}: {
  matchID: string;
  presence: Presence | null;
  names: Record<string, string | undefined>;
  /** This page's own socket is up: its seat is connected whatever the last poll said. */
  connected: boolean;
  seats: number[];
  /** This browser's seat, if it holds one. */
  mine: SeatCredentials | undefined;
  canJoin: boolean;
  /** A seated player in a running game may hand an empty seat to a bot. */
  canHand: boolean;
  onJoined(seat: SeatCredentials): void;
  onHanded(): void;
}) {
  const { t } = useTranslation('pages');
  const [name, setName] = useState(savedName);
  const [level, setLevel] = useState<BotLevel>(PLAYABLE_BOT_LEVELS[0] ?? 'cadet');
  const [busy, setBusy] = useState(false);
  const [handed, setHanded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = presence ? presence.players.map((p) => p.id) : seats;
  const join = (id: number) => {
    joinSeat(matchID, name.trim() || t('lobby.defaultName'), String(id))
      .then(onJoined)
      .catch((err: unknown) => setError(lobbyError(err)));
  };
  const handToBot = (id: number) => {
    if (!mine) return;
    setBusy(true);
    setError(null);
    setHanded(null);
    handSeatToBot(matchID, mine, String(id), level)
      .then((res) => {
        setHanded(t('online.emptySeat.handed', { n: id + 1, name: res.name }));
        onHanded();
      })
      .catch((err: unknown) => setError(t('online.emptySeat.failed', { reason: lobbyError(err) })))
      .finally(() => setBusy(false));
  };
  // `names` is the fresher of matchData and presence already: a seat without a name is empty.
  const openSeats = ids.filter((id) => !names[String(id)]);
  return (
    <section className="seats-panel" aria-labelledby="seats-title" data-testid="presence">
      <h2 id="seats-title">{t('online.seats')}</h2>
      <ul>
        {ids.map((id) => {
          const p = presence?.players.find((x) => x.id === id);
          const seatName = names[String(id)];
          const mineHere = String(id) === mine?.playerID && connected;
          const state = p?.bot ? 'bot' : p?.connected || mineHere ? 'online' : seatName ? 'offline' : 'open';
          return (
            <li key={id} className={`presence ${state}`} data-testid={`presence-${id}`} data-state={state}>
              <span aria-hidden="true" className="dot" />
              <SeatBadge seat={id} name={seatName ?? t('lobby.seat', { n: id + 1 })} />
              {String(id) === mine?.playerID ? ` (${t('online.you')})` : ''} · {t(`online.presence.${state}`)}
            </li>
          );
        })}
      </ul>
      {presence && presence.spectators > 0 && (
        <p className="small">{t('online.spectators', { count: presence.spectators })}</p>
      )}
      {canJoin && openSeats.length > 0 && (
        <div className="join-here">
          <label className="field">
            <span>{t('lobby.yourName')}</span>
            <input value={name} maxLength={24} onChange={(e) => setName(e.target.value)} />
          </label>
          {openSeats.map((id) => (
            <button type="button" key={id} onClick={() => join(id)} data-testid={`take-seat-${id}`}>
              {t('lobby.joinSeat', { n: id + 1 })}
            </button>
          ))}
        </div>
      )}
      {canHand && openSeats.length > 0 && (
        <div className="hand-empty" role="group" aria-labelledby="hand-empty-title">
          <p id="hand-empty-title" className="small">
            {t('online.emptySeat.intro')}
          </p>
          <BotLevelField value={level} onChange={setLevel} testId="empty-seat-bot-level" />
          {openSeats.map((id) => (
            <button
              type="button"
              key={id}
              disabled={busy}
              onClick={() => handToBot(id)}
              data-testid={`seat-to-bot-${id}`}
            >
              {t('online.emptySeat.button', { n: id + 1 })}
            </button>
          ))}
        </div>
      )}
      <span role="status" className="small" data-testid="empty-seat-status">
        {handed ?? ''}
      </span>
      {error && (
        <p className="alert" role="alert" data-testid="seats-error">
          {error}
        </p>
      )}
    </section>
  );
}
