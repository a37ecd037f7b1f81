/** Start a pass-and-play game in this browser. */
import { useState } from 'react';
import { localHref } from './routes';

export function LocalSetup({ seed }: { seed?: string }) {
  const [players, setPlayers] = useState(1);
  return (
    <section data-testid="local-setup" aria-labelledby="local-title">
      <h2 id="local-title">Play on this device</h2>
      <p>Pass-and-play: everyone shares this screen and takes their turn in private.</p>
      <label>
        Players{' '}
        <select
          data-testid="local-players"
          value={players}
          onChange={(e) => setPlayers(Number(e.target.value))}
        >
          {[1, 2, 3, 4, 5, 6].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>{' '}
      <button
        type="button"
        className="primary"
        data-testid="start-local"
        onClick={() => {
          window.location.hash = localHref(players, seed);
        }}
      >
        Start a local game
      </button>
    </section>
  );
}
