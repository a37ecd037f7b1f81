/**
 * An online match through the server's sockets, as the seat this browser joined (credentials from
 * localStorage, so a reload rejoins) or as a spectator who may take an open seat. Around the table:
 * the connection, an invite link, and who is seated and connected (the server's presence route).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import type { GameState } from '../game/core/types';
import { PlanetUnknown } from '../game/game';
import { GameView } from './GameView';
import { sendAction, useClientUpdates, type PUClient } from './game-client';
import {
  fetchMatchRecord,
  fetchPresence,
  joinSeat,
  lobbyError,
  MatchMissing,
  savedName,
  seatFor,
  type Presence,
  type SeatCredentials,
} from './lobby';
import { inviteLink } from './routes';

const PRESENCE_EVERY_MS = 5000;

function usePresence(matchID: string): Presence | 'missing' | null {
  const [presence, setPresence] = useState<Presence | 'missing' | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    const poll = () =>
      fetchPresence(matchID, abort.signal)
        .then(setPresence)
        // Presence is a courtesy: the table works without it, so a failed poll is simply retried;
        // only an unknown match is worth saying.
        .catch((err: unknown) => {
          if (err instanceof MatchMissing) setPresence('missing');
        });
    poll();
    const timer = window.setInterval(poll, PRESENCE_EVERY_MS);
    return () => {
      abort.abort();
      window.clearInterval(timer);
    };
  }, [matchID]);
  return presence;
}

export function OnlineGame({ matchID }: { matchID: string }) {
  const { t } = useTranslation('pages');
  const [seat, setSeat] = useState<SeatCredentials | undefined>(() => seatFor(matchID));
  const playerID = seat?.playerID;
  const credentials = seat?.credentials;
  const [client, setClient] = useState<PUClient | null>(null);
  const polled = usePresence(matchID);
  const presence = polled === 'missing' ? null : polled;

  useEffect(() => {
    const c = Client<GameState>({
      game: PlanetUnknown,
      // The match id in the socket's query lets a load balancer keep a match on one instance.
      multiplayer: SocketIO({ server: window.location.origin, socketOpts: { query: { matchID } } }),
      matchID,
      playerID,
      credentials,
      debug: false,
    });
    c.start();
    setClient(c);
    return () => c.stop();
  }, [matchID, playerID, credentials]);

  const watched = useMemo(() => (client ? [client] : []), [client]);
  useClientUpdates(watched);
  const state = client?.getState();
  // Seat names arrive with the match metadata on every sync and whenever someone joins.
  const matchData = client?.matchData ?? [];
  const names = Object.fromEntries(matchData.map((p) => [String(p.id), p.name]));
  const connection =
    state?.isConnected === false ? 'reconnecting' : state ? 'connected' : ('connecting' as const);
  const record = useCallback(
    () => fetchMatchRecord(matchID, state?.G.result ? undefined : seat),
    [matchID, seat, state?.G.result],
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
      <div className="seat-bar">
        <span>
          {t('online.match')} <code>{matchID}</code>
        </span>
        <span data-testid="seat-role">
          {playerID !== undefined
            ? t('online.youPlay', { name: names[playerID] ?? seat?.playerName ?? '' })
            : t('online.watching')}
        </span>
        <span className={`connection ${connection}`} data-testid="connection" role="status">
          <span aria-hidden="true" className="dot" /> {t(`online.connection.${connection}`)}
        </span>
      </div>
      <div className="online-extras">
        <InviteLink matchID={matchID} />
        <SeatsPanel
          matchID={matchID}
          presence={presence}
          names={names}
          seats={matchData.map((p) => p.id)}
          mine={playerID}
          canJoin={playerID === undefined && !state?.G.result}
          onJoined={setSeat}
        />
      </div>
      {client && state ? (
        <GameView
          G={state.G}
          player={playerID ?? null}
          names={names}
          send={(a) => sendAction(client, a)}
          record={state.G.result || seat ? record : undefined}
        />
      ) : (
        <p>{t('online.connecting')}</p>
      )}
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

function SeatsPanel({
  matchID,
  presence,
  names,
  seats,
  mine,
  canJoin,
  onJoined,
}: {
  matchID: string;
  presence: Presence | null;
  names: Record<string, string | undefined>;
  seats: number[];
  mine: string | undefined;
  canJoin: boolean;
  onJoined(seat: SeatCredentials): void;
}) {
  const { t } = useTranslation('pages');
  const [name, setName] = useState(savedName);
  const [error, setError] = useState<string | null>(null);
  const ids = presence ? presence.players.map((p) => p.id) : seats;
  const join = (id: number) => {
    joinSeat(matchID, name.trim() || t('lobby.defaultName'), String(id))
      .then(onJoined)
      .catch((err: unknown) => setError(lobbyError(err)));
  };
  const openSeats = ids.filter(
    (id) => !names[String(id)] && !presence?.players.find((p) => p.id === id)?.name,
  );
  return (
    <section className="seats-panel" aria-labelledby="seats-title" data-testid="presence">
      <h2 id="seats-title">{t('online.seats')}</h2>
      <ul>
        {ids.map((id) => {
          const p = presence?.players.find((x) => x.id === id);
          const seatName = names[String(id)] ?? p?.name;
          const state = p?.bot ? 'bot' : p?.connected ? 'online' : seatName ? 'offline' : 'open';
          return (
            <li key={id} className={`presence ${state}`} data-testid={`presence-${id}`} data-state={state}>
              <span aria-hidden="true" className="dot" />
              {seatName ?? t('lobby.seat', { n: id + 1 })}
              {String(id) === mine ? ` (${t('online.you')})` : ''} · {t(`online.presence.${state}`)}
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
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
