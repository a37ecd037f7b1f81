/** An online match through the server's sockets, as the seat this browser joined (or as a spectator). */
import { useEffect, useMemo, useState } from 'react';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import type { GameState } from '../game/core/types';
import { PlanetUnknown } from '../game/game';
import { GameView } from './GameView';
import { sendAction, useClientUpdates, type PUClient } from './game-client';
import { seatFor } from './lobby';
import { playerName } from './labels';

export function OnlineGame({ matchID }: { matchID: string }) {
  const seat = seatFor(matchID);
  const playerID = seat?.playerID;
  const credentials = seat?.credentials;
  const [client, setClient] = useState<PUClient | null>(null);

  useEffect(() => {
    const c = Client<GameState>({
      game: PlanetUnknown,
      multiplayer: SocketIO({ server: window.location.origin }),
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
  const names = Object.fromEntries((client?.matchData ?? []).map((p) => [String(p.id), p.name]));

  return (
    <div data-testid="online-game" data-seat={playerID ?? ''} data-state-id={state?._stateID}>
      <div className="seat-bar">
        Match <code>{matchID}</code> ·{' '}
        {playerID !== undefined ? `you play ${playerName(playerID, names)}` : 'you are watching'} ·{' '}
        {state?.isConnected === false ? 'disconnected, reconnecting…' : state ? 'connected' : 'connecting…'}
      </div>
      {client && state ? (
        <GameView G={state.G} player={playerID ?? null} names={names} send={(a) => sendAction(client, a)} />
      ) : (
        <p>Connecting to the server…</p>
      )}
    </div>
  );
}
