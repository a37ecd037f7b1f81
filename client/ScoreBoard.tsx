/** The end of the game: every player's score breakdown and the winners (§6.3). */
import type { GameResult } from '../game/core/types';
import { playerName } from './labels';

const COLUMNS = ['planet', 'tracks', 'lifepods', 'meteorites', 'civ', 'objectives'] as const;

export function ScoreBoard({
  result,
  names,
}: {
  result: GameResult;
  names?: Record<string, string | undefined>;
}) {
  return (
    <section className="scores" data-testid="scoreboard" aria-label="Final scores">
      <h2>Game over</h2>
      <p data-testid="winners">
        {result.winners.length > 1 ? 'Winners' : 'Winner'}:{' '}
        <strong>{result.winners.map((p) => playerName(p, names)).join(', ')}</strong> after {result.rounds}{' '}
        round(s). The game ended because{' '}
        {result.endReasons
          .map((r) => (r === 'stuck' ? 'a player could place neither tile' : 'a depot ran empty'))
          .join(' and ')}
        .
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Player</th>
            {COLUMNS.map((c) => (
              <th scope="col" key={c}>
                {c[0]?.toUpperCase() + c.slice(1)}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {result.scores.map((s) => (
            <tr key={s.player} data-testid={`score-${s.player}`}>
              <td>{s.rank}</td>
              <th scope="row">{playerName(s.player, names)}</th>
              {COLUMNS.map((c) => (
                <td key={c} data-testid={`score-${s.player}-${c}`}>
                  {s.breakdown[c]}
                </td>
              ))}
              <td data-testid={`score-${s.player}-total`}>
                <strong>{s.total}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
