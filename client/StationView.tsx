/** The space station: six depots, each with a small and a large stack, and who faces which depot. */
import type { GameState, StackPublic } from '../game/core/types';
import { facingDepot } from '../game/rules/turn';
import { playerName, shapeName, tileLabel } from './labels';

function StackCell({ stack }: { stack: StackPublic }) {
  return (
    <td>
      {stack.top === null ? (
        <span>empty ({shapeName(stack.shape)})</span>
      ) : (
        <span>
          {tileLabel(stack.top)} — {stack.count} left
        </span>
      )}
    </td>
  );
}

export function StationView({ G, names }: { G: GameState; names?: Record<string, string | undefined> }) {
  const facing = (depot: number) =>
    G.playerIDs.filter((p) => facingDepot(G, p) === depot).map((p) => playerName(p, names));
  return (
    <section className="station" data-testid="station" aria-label="Space station">
      <h2>Station</h2>
      <p>
        Rotation: <strong data-testid="station-rotation">{G.station.rotation}</strong>
        {G.options.autoRotate ? ' (turns one depot by itself every round)' : ' (the commander turns it)'}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Depot</th>
            <th scope="col">Small stack (top tile)</th>
            <th scope="col">Large stack (top tile)</th>
            <th scope="col">Faces</th>
          </tr>
        </thead>
        <tbody>
          {G.station.depots.map((d, i) => (
            <tr key={i} data-testid={`depot-${i}`}>
              <th scope="row">{i}</th>
              <StackCell stack={d.small} />
              <StackCell stack={d.large} />
              <td>{facing(i).join(', ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
