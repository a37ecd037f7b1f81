/**
 * The Lobby API client, the server's extras (presence, match export) and the seats this browser has
 * joined: their credentials stay in localStorage so a reload or a later visit resumes the seat.
 */
import { LobbyClient } from 'boardgame.io/client';
import { GAME_NAME } from '../game/game';

export const lobby = () => new LobbyClient({ server: window.location.origin });

export interface SeatCredentials {
  playerID: string;
  credentials: string;
  playerName: string;
}

const KEY = 'planet-unknown:seats';
const NAME_KEY = 'planet-unknown:name';

const isSeat = (v: unknown): v is SeatCredentials =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as SeatCredentials).playerID === 'string' &&
  typeof (v as SeatCredentials).credentials === 'string' &&
  typeof (v as SeatCredentials).playerName === 'string';

function readAll(): Record<string, SeatCredentials> {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(KEY) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    // Anything damaged in storage is dropped rather than sent to the server.
    return Object.fromEntries(Object.entries(parsed).filter(([, seat]) => isSeat(seat))) as Record<
      string,
      SeatCredentials
    >;
  } catch {
    return {};
  }
}

export const seatFor = (matchID: string): SeatCredentials | undefined => readAll()[matchID];

/** Every match this browser holds a seat in. */
export const savedSeats = (): Record<string, SeatCredentials> => readAll();

export function rememberSeat(matchID: string, seat: SeatCredentials): void {
  window.localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [matchID]: seat }));
}

export function forgetSeat(matchID: string): void {
  const { [matchID]: _dropped, ...rest } = readAll();
  window.localStorage.setItem(KEY, JSON.stringify(rest));
}

export const savedName = () => window.localStorage.getItem(NAME_KEY) ?? '';
export const saveName = (name: string) => window.localStorage.setItem(NAME_KEY, name);

export async function joinSeat(
  matchID: string,
  playerName: string,
  playerID?: string,
): Promise<SeatCredentials> {
  const res = await lobby().joinMatch(GAME_NAME, matchID, { playerName, ...(playerID ? { playerID } : {}) });
  const seat = { playerID: res.playerID, credentials: res.playerCredentials, playerName };
  rememberSeat(matchID, seat);
  return seat;
}

/** A readable message from a LobbyClient error (its details hold the server's text). */
export function lobbyError(err: unknown): string {
  if (err instanceof Error) {
    const details = (err as Error & { details?: unknown }).details;
    if (details && typeof details === 'object' && typeof (details as { error?: unknown }).error === 'string')
      return `${err.message}: ${(details as { error: string }).error}`;
    return typeof details === 'string' && details ? `${err.message}: ${details}` : err.message;
  }
  return String(err);
}

const matchPath = (matchID: string) =>
  `${window.location.origin}/games/${GAME_NAME}/${encodeURIComponent(matchID)}`;

/** The server does not know the match (a wrong link, or a match removed since). */
export class MatchMissing extends Error {
  constructor(readonly matchID: string) {
    super(`No match ${matchID} on this server.`);
  }
}

export interface SeatPresence {
  id: number;
  name?: string;
  bot?: string;
  connected: boolean;
  connections: number;
}

export interface Presence {
  matchID: string;
  players: SeatPresence[];
  spectators: number;
}

/** Who is connected to a match right now, from the server's own sockets. */
export async function fetchPresence(matchID: string, signal?: AbortSignal): Promise<Presence> {
  const res = await fetch(`${matchPath(matchID)}/presence`, { signal });
  if (res.status === 404) throw new MatchMissing(matchID);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as Presence;
}

/**
 * The match record from the server: public once the game is over, before that only for a seated
 * player (their credentials prove the seat).
 */
export async function fetchMatchRecord(matchID: string, seat?: SeatCredentials): Promise<unknown> {
  const res = seat
    ? await fetch(`${matchPath(matchID)}/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ playerID: seat.playerID, credentials: seat.credentials }),
      })
    : await fetch(`${matchPath(matchID)}/export`);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new Error(`HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
  }
  return (await res.json()) as unknown;
}
