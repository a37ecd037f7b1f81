/** The boardgame.io client types and the one way the UI sends an engine action as a move. */
import { useEffect, useReducer } from 'react';
import type { Client } from 'boardgame.io/client';
import { type Action, type GameState, positioned } from '../../game';

export type PUClient = ReturnType<typeof Client<GameState>>;

/**
 * Send an engine action: each move takes the action without its `type`, or nothing. A step of a
 * turn goes with its position in the turn, so a repeated send is refused rather than applied twice.
 */
export function sendAction(client: PUClient, action: Action): void {
  const state = client.getState();
  const player = client.playerID;
  const sent =
    state && player !== null && player !== undefined ? positioned(state.G, player, action) : action;
  const { type, ...args } = sent;
  const move = client.moves[type] as ((arg?: unknown) => void) | undefined;
  if (!move) throw new Error(`The game has no move "${type}".`);
  move(Object.keys(args).length ? args : undefined);
}

/** Re-render whenever any of the clients receives a new state. */
export function useClientUpdates(clients: readonly PUClient[]): void {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const unsubscribe = clients.map((c) => c.subscribe(() => bump()));
    return () => unsubscribe.forEach((u) => u());
  }, [clients]);
}
