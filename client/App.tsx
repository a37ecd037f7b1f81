/** The pages: home (local and online), a local pass-and-play table, an online match. */
import { LocalGame } from './LocalGame';
import { LocalSetup } from './LocalSetup';
import { OnlineGame } from './OnlineGame';
import { OnlineLobby } from './OnlineLobby';
import { useRoute } from './routes';

export function App() {
  const route = useRoute();
  return (
    <>
      <header className="top">
        <h1>
          <a href="#/">Planet Unknown</a>
        </h1>
        {route.page !== 'home' && (
          <a href="#/" data-testid="home-link">
            Leave this table
          </a>
        )}
      </header>
      <main>
        {route.page === 'home' && (
          <div className="home" data-testid="home">
            <LocalSetup seed={route.seed} />
            <OnlineLobby />
          </div>
        )}
        {route.page === 'local' && (
          <LocalGame key={`${route.players}-${route.seed}`} players={route.players} seed={route.seed} />
        )}
        {route.page === 'match' && <OnlineGame key={route.matchID} matchID={route.matchID} />}
      </main>
    </>
  );
}
