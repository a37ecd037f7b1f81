/** Start a pass-and-play game in this browser. */
import { useState } from 'react';
import { localHref } from './routes';
import { PlayerCountSelect } from './PlayerCountSelect';

export function LocalSetup({ seed }: { seed?: string }) {
  const [players, setPlayers] = useState(1);
  return (
    <section data-testid="local-setup" aria-labelledby="local-title">
      <h2 id="local-title">Play on this device</h2>
      <p>Pass-and-play: everyone shares this screen and takes their turn in private.</p>
      <PlayerCountSelect value={players} onChange={setPlayers} testId="local-players" />{' '}
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
