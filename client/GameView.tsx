/** A whole table from one seat's point of view (or a spectator's): status, own area, station, others. */
import type { Action, GameState, PlayerID } from '../game/core/types';
import { objectiveById } from '../game/data';
import { awaiting } from '../game/engine';
import { BoardView } from './BoardView';
import { EventPanel } from './EventPanel';
import { MyTurn } from './MyTurn';
import { ScoreBoard } from './ScoreBoard';
import { StationView } from './StationView';
import { playerName } from './labels';

interface Props {
  G: GameState;
  /** The seat whose private view this is; null for a spectator. */
  player: PlayerID | null;
  names?: Record<string, string | undefined>;
  send(a: Action): void;
}

export function StatusLine({ G, names }: { G: GameState; names?: Record<string, string | undefined> }) {
  const waiting = Object.entries(awaiting(G));
  return (
    <p className="status" data-testid="status" aria-live="polite">
      Round <strong data-testid="round">{G.round}</strong> · commander {playerName(G.commander, names)} ·{' '}
      {G.step === 'over'
        ? 'the game is over'
        : `waiting for ${waiting.map(([p, s]) => `${playerName(p, names)} (${s})`).join(', ') || 'nobody'}`}
      {G.endTriggers.length > 0 && G.step !== 'over'
        ? ' · last round: the end of the game was triggered'
        : ''}
    </p>
  );
}

export function GameView({ G, player, names, send }: Props) {
  const others = G.playerIDs.filter((p) => p !== player);
  return (
    <div className="game" data-testid="game">
      <StatusLine G={G} names={names} />
      {G.result && <ScoreBoard result={G.result} names={names} />}
      <div className="columns">
        <div className="main-column">
          {player !== null && G.boards[player] && (
            <MyTurn G={G} player={player} name={playerName(player, names)} send={send} />
          )}
        </div>
        <div className="side-column">
          <StationView G={G} names={names} />
          <EventPanel G={G} player={player} />
          {G.objectives.length > 0 && (
            <section aria-label="Neighbour objectives">
              <h2>Objectives</h2>
              <ul>
                {G.objectives.map((o) => {
                  const card = objectiveById(o.card);
                  return (
                    <li key={o.card}>
                      {card.neighbor.name}: {card.neighbor.condition} (
                      {o.players.map((p) => playerName(p, names)).join(' vs ')})
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
          <section aria-label="Game log">
            <h2>Log</h2>
            <ol className="log" data-testid="log">
              {G.log.slice(-8).map((e, i) => (
                <li key={`${G.log.length}-${i}`}>
                  Round {e.round}: {e.player !== undefined ? `${playerName(e.player, names)} ` : ''}
                  {e.text}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
      {others.length > 0 && (
        <section aria-label="Other players">
          <h2>{player === null ? 'Players' : 'Other players'}</h2>
          {others.map((p) => (
            <BoardView
              key={p}
              player={p}
              name={playerName(p, names)}
              board={G.boards[p] as GameState['boards'][string]}
            />
          ))}
        </section>
      )}
    </div>
  );
}
