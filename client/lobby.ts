/** The Lobby API client and the seats this browser has joined (credentials in localStorage). */
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

function readAll(): Record<string, SeatCredentials> {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, SeatCredentials>) : {};
  } catch {
    return {};
  }
}

export const seatFor = (matchID: string): SeatCredentials | undefined => readAll()[matchID];

export function rememberSeat(matchID: string, seat: SeatCredentials): void {
  window.localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [matchID]: seat }));
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
    return typeof details === 'string' && details ? `${err.message}: ${details}` : err.message;
  }
  return String(err);
}
