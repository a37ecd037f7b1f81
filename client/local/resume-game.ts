/**
 * Bringing a saved local game back: its moves are played again, in order, through the table's own
 * boardgame.io clients (each by its own seat), so the in-browser master rebuilds the game exactly
 * as it was, its log included, and the record still downloads whole.
 */
import { mergeSeatLogs, type LogLikeEntry, type MatchRecord } from '../../game';
import type { PUClient } from '../online/game-client';
import { movesOfLog } from './saved-games';

type RecordedMove = MatchRecord['moves'][number];

/** The moves the table has played so far, each from its own player's log (the others see it redacted). */
export function tableMoves(clients: readonly PUClient[]): RecordedMove[] {
  return movesOfLog(mergeSeatLogs(clients.map((c) => (c.getState()?.log ?? []) as LogLikeEntry[])));
}

/** How many moves to play between two breaths, so the page keeps drawing its progress. */
const BATCH = 25;
const UPDATE_WAIT_MS = 2000;

const nextTick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once `ready()` holds, checked on each of the client's updates; false on timeout. */
function until(client: PUClient, ready: () => boolean): Promise<boolean> {
  if (ready()) return Promise.resolve(true);
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(ready());
    }, UPDATE_WAIT_MS);
    unsubscribe = client.subscribe(() => {
      if (!ready()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}

export interface ReplayProgress {
  done: number;
  total: number;
}

/**
 * Plays `moves` through `clients` from where the table stands (a table started again keeps what its
 * master already holds). Resolves with null when every move was played, else the reason it stopped.
 * `cancelled`: the table was closed meanwhile; stop quietly.
 */
export async function replayThroughClients(
  clients: readonly PUClient[],
  moves: readonly RecordedMove[],
  onProgress: (progress: ReplayProgress) => void,
  cancelled: () => boolean,
): Promise<string | null> {
  for (const client of clients) {
    if (!(await until(client, () => client.getState() !== null))) return 'The table did not start in time.';
  }
  const start = tableMoves(clients).length;
  for (let i = start; i < moves.length; i++) {
    if (cancelled()) return null;
    const m = moves[i] as RecordedMove;
    const client = clients[Number(m.player)];
    const move = client?.moves[m.move] as ((arg?: unknown) => void) | undefined;
    if (!client || !move) return `Saved move ${i + 1} cannot be played (${m.move} by seat ${m.player}).`;
    const logged = client.getState()?.log.length ?? 0;
    move(m.args);
    // The master answers every client; this seat's log holds the move once it has.
    const played = i + 1;
    if (!(await until(client, () => (client.getState()?.log.length ?? 0) > logged)))
      return `Saved move ${played} was not accepted (${m.move} by seat ${m.player}).`;
    if (played % BATCH === 0) {
      onProgress({ done: played, total: moves.length });
      await nextTick();
    }
  }
  onProgress({ done: moves.length, total: moves.length });
  return null;
}
