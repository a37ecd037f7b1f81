/**
 * Hash routes: #/ (home), #/local/<players>[?seed=…], #/match/<matchID>. A seed on the home route
 * (#/?seed=…) is passed on to the local game started from it: reproducible games for tests.
 */
import { useEffect, useState } from 'react';

export type Route =
  | { page: 'home'; seed?: string }
  | { page: 'local'; players: number; seed?: string }
  | { page: 'match'; matchID: string };

export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const parts = path.split('/').filter(Boolean);
  const params = new URLSearchParams(query);
  if (parts[0] === 'local') {
    const players = Number(parts[1]);
    if (Number.isInteger(players) && players >= 1 && players <= 6)
      return { page: 'local', players, seed: params.get('seed') ?? undefined };
  }
  if (parts[0] === 'match' && parts[1]) return { page: 'match', matchID: decodeURIComponent(parts[1]) };
  return { page: 'home', seed: params.get('seed') ?? undefined };
}

export const localHref = (players: number, seed?: string) =>
  `#/local/${players}${seed ? `?seed=${encodeURIComponent(seed)}` : ''}`;
export const matchHref = (matchID: string) => `#/match/${encodeURIComponent(matchID)}`;

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
