/**
 * Pass-and-play on one device: one boardgame.io client per seat, all on one in-browser master
 * (`Local()`). Only the seat that must act now is on screen; between seats a hand-over screen
 * hides everything private until the next player says they hold the device.
 */
import { useEffect, useState } from 'react';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import type { GameState, PlayerID } from '../game/core/types';
import { awaiting } from '../game/engine';
import { PlanetUnknown } from '../game/game';
import { GameView, StatusLine } from './GameView';
import { sendAction, useClientUpdates, type PUClient } from './game-client';
import { playerName } from './labels';

function useLocalClients(players: number, seed: string | undefined): PUClient[] {
  const [clients, setClients] = useState<PUClient[]>([]);
  useEffect(() => {
    const multiplayer = Local();
    const game = seed ? { ...PlanetUnknown, seed } : PlanetUnknown;
    const made = Array.from({ length: players }, (_, i) =>
      Client<GameState>({ game, numPlayers: players, multiplayer, playerID: String(i), debug: false }),
    );
    made.forEach((c) => c.start());
    setClients(made);
    return () => made.forEach((c) => c.stop());
  }, [players, seed]);
  useClientUpdates(clients);
  return clients;
}

export function LocalGame({ players, seed }: { players: number; seed?: string }) {
  const clients = useLocalClients(players, seed);
  const [chosen, setChosen] = useState<PlayerID | null>(null);
  const [revealed, setRevealed] = useState<PlayerID | null>(null);

  const states = clients.map((c) => c.getState());
  const first = states[0];
  if (!first || states.some((s) => !s)) return <p data-testid="loading">Setting up the table…</p>;
  const publicG = first.G;
  const over = publicG.result !== null;
  const acting = publicG.playerIDs.filter((p) => awaiting(publicG)[p] !== undefined);
  const seat: PlayerID =
    chosen !== null && (over || acting.includes(chosen)) ? chosen : (acting[0] ?? chosen ?? '0');
  const client = clients[Number(seat)] as PUClient;
  const G = client.getState()?.G as GameState;
  const handOver = players > 1 && !over && revealed !== seat;

  return (
    <div
      data-testid="local-game"
      data-seat={seat}
      data-acting={acting.join(',')}
      data-state-id={client.getState()?._stateID}
    >
      <div className="seat-bar">
        <span>
          Pass-and-play, {players} player{players > 1 ? 's' : ''}. On screen:{' '}
          <strong data-testid="seat-on-screen">{playerName(seat)}</strong>
        </span>
        {!over &&
          acting
            .filter((p) => p !== seat)
            .map((p) => (
              <button type="button" key={p} data-testid={`switch-${p}`} onClick={() => setChosen(p)}>
                Let {playerName(p)} play now
              </button>
            ))}
      </div>
      {handOver ? (
        <section className="handoff" data-testid="handoff" aria-label="Hand the device over">
          <StatusLine G={publicG} />
          <h2>Pass the device to {playerName(seat)}</h2>
          <p>Their turn is private: only {playerName(seat)} should look at the next screen.</p>
          <button
            type="button"
            className="primary"
            data-testid="handoff-ready"
            onClick={() => setRevealed(seat)}
          >
            I am {playerName(seat)}: show my turn
          </button>
        </section>
      ) : (
        <GameView G={G} player={seat} send={(a) => sendAction(client, a)} />
      )}
    </div>
  );
}
