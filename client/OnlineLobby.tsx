/** Online play through the server: create a match, list matches, join a seat, play or watch. */
import { useCallback, useEffect, useState } from 'react';
import type { LobbyAPI } from 'boardgame.io';
import { GAME_NAME } from '../game/game';
import { joinSeat, lobby, lobbyError, saveName, savedName, seatFor } from './lobby';
import { matchHref } from './routes';
import { PlayerCountSelect } from './PlayerCountSelect';

export function OnlineLobby() {
  const [matches, setMatches] = useState<LobbyAPI.Match[] | null>(null);
  const [name, setName] = useState(savedName);
  const [players, setPlayers] = useState(2);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => {
    lobby()
      .listMatches(GAME_NAME)
      .then((list) => {
        setMatches([...list.matches].sort((a, b) => b.createdAt - a.createdAt));
        setError(null);
      })
      .catch((err: unknown) => setError(`Could not list matches: ${lobbyError(err)}`));
  }, []);
  useEffect(refresh, [refresh]);

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    try {
      await what();
    } catch (err) {
      setError(lobbyError(err));
    } finally {
      setBusy(false);
    }
  };
  const playerName = name.trim() || 'Player';

  const createAndJoin = () =>
    run(async () => {
      saveName(name);
      const { matchID } = await lobby().createMatch(GAME_NAME, { numPlayers: players });
      await joinSeat(matchID, playerName, '0');
      window.location.hash = matchHref(matchID);
    });

  const join = (matchID: string, playerID: string) =>
    run(async () => {
      saveName(name);
      await joinSeat(matchID, playerName, playerID);
      window.location.hash = matchHref(matchID);
    });

  return (
    <section data-testid="online-lobby" aria-labelledby="online-title">
      <h2 id="online-title">Play online</h2>
      <p>
        <label>
          Your name{' '}
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={30}
            data-testid="online-name"
          />
        </label>
      </p>
      <p>
        <PlayerCountSelect value={players} onChange={setPlayers} testId="online-players" />{' '}
        <button type="button" data-testid="create-match" disabled={busy} onClick={() => void createAndJoin()}>
          Create a match and join it
        </button>{' '}
        <button type="button" data-testid="refresh-matches" onClick={refresh}>
          Refresh list
        </button>
      </p>
      {error && (
        <p className="alert" role="alert" data-testid="lobby-error">
          {error}
        </p>
      )}
      {matches === null ? (
        <p>Loading matches…</p>
      ) : matches.length === 0 ? (
        <p data-testid="no-matches">No matches yet.</p>
      ) : (
        <table data-testid="match-list">
          <thead>
            <tr>
              <th scope="col">Match</th>
              <th scope="col">Seats</th>
              <th scope="col">Play</th>
            </tr>
          </thead>
          <tbody>
            {matches.map((m) => {
              const mine = seatFor(m.matchID);
              return (
                <tr key={m.matchID} data-testid={`match-${m.matchID}`}>
                  <th scope="row">
                    <code>{m.matchID}</code>
                    {m.gameover ? ' (over)' : ''}
                  </th>
                  <td>
                    {m.players.map((p) => (
                      <span key={p.id} className="seat">
                        Seat {p.id + 1}:{' '}
                        {p.name ? (
                          p.name
                        ) : mine || m.gameover ? (
                          'open'
                        ) : (
                          <button
                            type="button"
                            disabled={busy}
                            onClick={() => void join(m.matchID, String(p.id))}
                          >
                            Join seat {p.id + 1}
                          </button>
                        )}
                      </span>
                    ))}
                  </td>
                  <td>
                    <a href={matchHref(m.matchID)}>{mine ? `Play as ${mine.playerName}` : 'Watch'}</a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
