/**
 * The Lobby API client, the server's extras (presence, match export) and the seats this browser has
 * joined: their credentials stay in localStorage so a reload or a later visit resumes the seat.
 */
import type { LobbyAPI } from 'boardgame.io';
import { LobbyClient } from 'boardgame.io/client';
import { GAME_NAME, type MatchClock, type TimeControl } from '../../game';

export const lobby = () => new LobbyClient({ server: window.location.origin });

/** One page of the server's public list: open matches only, newest first (docs/server.md). */
export interface OpenMatchPage {
  matches: LobbyAPI.Match[];
  /** From 1. */
  page: number;
  perPage: number;
  /** Open matches in all. */
  total: number;
}

/** Page `page` of the open matches. */
export async function fetchOpenMatches(page: number, signal?: AbortSignal): Promise<OpenMatchPage> {
  const res = await fetch(`${window.location.origin}/games/${GAME_NAME}?page=${page}`, { signal });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new Error(`HTTP status ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
  }
  return (await res.json()) as OpenMatchPage;
}

/** The matches a person can join: not over, with a seat nobody holds (a full match is not offered). */
export const joinableMatches = <M extends { gameover?: unknown; players: { name?: string }[] }>(
  matches: readonly M[],
): M[] => matches.filter((m) => !m.gameover && m.players.some((p) => !p.name));

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

/** A clocked match's time control and clocks, with the server's time when it answered. */
export interface ClockInfo {
  timeControl?: TimeControl;
  clock?: MatchClock;
  /** The server's time (ms) when it answered. */
  now?: number;
  /** The server's time less this browser's when the answer came (set by `fetchPresence`). */
  skewMs?: number;
}

export interface Presence extends ClockInfo {
  matchID: string;
  players: SeatPresence[];
  spectators: number;
}

/** A held match as the status route tells it (its page shows the same to anyone). */
export interface MatchStatus extends ClockInfo {
  matchID: string;
  missing?: true;
  players?: { id: number; name?: string }[];
  round?: number;
  /** Seats whose decision is awaited. */
  owing?: string[];
  gameover?: unknown;
  updatedAt?: number;
}

/** The state of several matches at once (at most 50). */
export async function fetchStatuses(
  matchIDs: readonly string[],
  signal?: AbortSignal,
): Promise<{ now: number; matches: MatchStatus[] }> {
  const res = await fetch(`/games/${GAME_NAME}/status?ids=${matchIDs.map(encodeURIComponent).join(',')}`, {
    signal,
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as { now: number; matches: MatchStatus[] };
}

/** "I'm back": the seat's player takes it back from the bot that played it while their time was out. */
export async function comeBack(matchID: string, seat: SeatCredentials): Promise<boolean> {
  const res = await fetch(`${matchPath(matchID)}/back`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ playerID: seat.playerID, credentials: seat.credentials }),
  });
  if (!res.ok) throw new RouteError(res.status, (await res.text().catch(() => '')).slice(0, 300));
  return ((await res.json()) as { back: boolean }).back;
}

/** Who is connected to a match right now, from the server's own sockets. */
export async function fetchPresence(matchID: string, signal?: AbortSignal): Promise<Presence> {
  const res = await fetch(`${matchPath(matchID)}/presence`, { signal });
  if (res.status === 404) throw new MatchMissing(matchID);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const presence = (await res.json()) as Presence;
  return presence.now === undefined ? presence : { ...presence, skewMs: presence.now - Date.now() };
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

/** An error from one of the server's own routes, shaped like LobbyClient's (its details the server's text). */
class RouteError extends Error {
  constructor(
    status: number,
    readonly details: string,
  ) {
    super(`HTTP status ${status}`);
  }
}

/** Rename this browser's seat (the Lobby's `update`): the others see it in the match metadata. */
export async function renameSeat(
  matchID: string,
  seat: SeatCredentials,
  newName: string,
): Promise<SeatCredentials> {
  await lobby().updatePlayer(GAME_NAME, matchID, {
    playerID: seat.playerID,
    credentials: seat.credentials,
    newName,
  });
  const renamed = { ...seat, playerName: newName };
  rememberSeat(matchID, renamed);
  return renamed;
}

/** Leave the seat for good (the Lobby's `leave`) and forget its credentials. */
export async function leaveSeat(matchID: string, seat: SeatCredentials): Promise<void> {
  await lobby().leaveMatch(GAME_NAME, matchID, { playerID: seat.playerID, credentials: seat.credentials });
  forgetSeat(matchID);
}

export interface HandedSeat {
  playerID: string;
  name: string;
  bot: string;
}

/**
 * Hand a seat to one of the server's bots (docs/server.md, Lobby additions): this browser's own seat
 * (its credentials stop working, so they are forgotten) or a seat whose person has left.
 */
export async function handSeatToBot(
  matchID: string,
  seat: SeatCredentials,
  target: string,
  level: string,
): Promise<HandedSeat> {
  const res = await fetch(`${matchPath(matchID)}/bot`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ playerID: seat.playerID, credentials: seat.credentials, seat: target, level }),
  });
  if (!res.ok) throw new RouteError(res.status, (await res.text().catch(() => '')).slice(0, 300));
  if (target === seat.playerID) forgetSeat(matchID);
  return (await res.json()) as HandedSeat;
}

/**
 * The next match after a finished one (the Lobby's `playAgain`: the first player to ask creates it,
 * everyone else gets the same id), joined in the same seat number. Returns its id.
 */
export async function playAgain(matchID: string, seat: SeatCredentials): Promise<string> {
  const { nextMatchID } = await lobby().playAgain(GAME_NAME, matchID, {
    playerID: seat.playerID,
    credentials: seat.credentials,
  });
  // Already seated there (a second press, another tab): nothing to join.
  if (seatFor(nextMatchID)?.playerID !== seat.playerID)
    await joinSeat(nextMatchID, seat.playerName, seat.playerID);
  return nextMatchID;
}

/** Every seat this browser holds, by match id (the home page's Continue list). */
export const heldSeats = (): Record<string, SeatCredentials> => readAll();
