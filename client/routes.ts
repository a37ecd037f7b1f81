/**
 * Hash routes: #/ (home), #/local?spec=… (a local table, settings in the link), #/local?game=<id>
 * (a local game saved in this browser: a started table moves there so a reload resumes it),
 * #/match/<matchID>.
 * The older #/local/<players>[?seed=…] still works: it becomes a table of people named Player 1…N.
 * A seed on the home route (#/?seed=…) is passed on to the local tables started from it, so tests
 * and shared links replay the same game.
 */
import { useEffect, useState } from 'react';
import { decodeLocalSpec, type LocalSpec } from './local/setup-spec';
import { i18next } from './i18n';

export type Route =
  | { page: 'home'; seed?: string }
  | { page: 'local'; spec: LocalSpec }
  | { page: 'local'; error: string }
  | { page: 'resume'; gameId: string }
  | { page: 'match'; matchID: string };

/** Seat `i`'s default name ("Player 1", "Joueur 1"…) in the current language. */
export const defaultPlayerName = (i: number): string => i18next.t('common:player', { n: i + 1 });

/** A table of people with the default names and options: what the older route started. */
export function peopleSpec(players: number, seed?: string): LocalSpec {
  return {
    seats: Array.from({ length: players }, (_, i) => ({ name: defaultPlayerName(i), bot: null })),
    options: {},
    ...(seed ? { seed } : {}),
  };
}

export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const parts = path.split('/').filter(Boolean);
  const params = new URLSearchParams(query);
  const seed = params.get('seed') || undefined;
  if (parts[0] === 'local') {
    if (parts[1] === undefined) {
      const gameId = params.get('game');
      if (gameId) return { page: 'resume', gameId };
      const code = params.get('spec');
      if (!code) return { page: 'local', error: 'The table link has no settings.' };
      const spec = decodeLocalSpec(code);
      return 'error' in spec ? { page: 'local', error: spec.error } : { page: 'local', spec };
    }
    const players = Number(parts[1]);
    if (Number.isInteger(players) && players >= 1 && players <= 6)
      return { page: 'local', spec: peopleSpec(players, seed) };
    return { page: 'local', error: 'A table has 1 to 6 seats.' };
  }
  if (parts[0] === 'match' && parts[1]) return { page: 'match', matchID: decodeURIComponent(parts[1]) };
  return { page: 'home', seed };
}

export const savedGameHref = (gameId: string) => `#/local?game=${encodeURIComponent(gameId)}`;

export const matchHref = (matchID: string) => `#/match/${encodeURIComponent(matchID)}`;

/** The full address of a match, to send to the other players. */
export const inviteLink = (matchID: string) =>
  `${window.location.origin}${window.location.pathname}${matchHref(matchID)}`;

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
