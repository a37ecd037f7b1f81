/**
 * Hash routes: #/ (home), #/local?spec=… (a local table, settings in the link), #/local?game=<id>
 * (a local game saved in this browser: a started table moves there so a reload resumes it),
 * #/match/<matchID>, #/learn (learn to play: the course's lessons), #/learn/<n> (lesson n), #/rules[/<section>] (the rules),
 * #/replay/<matchID>, #/replay?game=<id> or #/replay (a finished game, move by move; ?at=<move>|end).
 * The older #/local/<players>[?seed=…] still works: it becomes a table of people named Player 1…N.
 * #/?new=local (or online) is the home page with that game's settings in view (New game).
 * A seed on the home route (#/?seed=…) is passed on to the local tables started from it, so tests
 * and shared links replay the same game.
 */
import { useEffect, useState } from 'react';
import { decodeLocalSpec, type LocalSpec } from './local/setup-spec';
import { i18next } from './i18n';
import type { ReplayAt, ReplaySource } from './replay/ReplayViewer';

export type Route =
  | { page: 'home'; seed?: string; setup?: 'local' | 'online' }
  | { page: 'learn'; lesson?: number }
  | { page: 'rules'; section?: string }
  | { page: 'replay'; source: ReplaySource; at?: ReplayAt }
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
  if (parts[0] === 'replay') {
    // #/replay/<matchID>, #/replay?game=<id> (saved in this browser), #/replay (open a file); ?at=<move>|end.
    const atParam = params.get('at');
    const atNumber = Number(atParam);
    const at: ReplayAt | undefined =
      atParam === 'end'
        ? 'end'
        : atParam !== null && Number.isInteger(atNumber) && atNumber >= 0
          ? atNumber
          : undefined;
    const gameId = params.get('game');
    const source: ReplaySource = parts[1]
      ? { kind: 'match', matchID: decodeURIComponent(parts[1]) }
      : gameId
        ? { kind: 'local', gameId }
        : { kind: 'file' };
    return at === undefined ? { page: 'replay', source } : { page: 'replay', source, at };
  }
  if (parts[0] === 'rules') return parts[1] ? { page: 'rules', section: parts[1] } : { page: 'rules' };
  if (parts[0] === 'learn') {
    // #/learn/<n>: lesson n of the course; #/learn: the list of lessons.
    const lesson = Number(parts[1]);
    return parts[1] !== undefined && Number.isInteger(lesson) ? { page: 'learn', lesson } : { page: 'learn' };
  }
  if (parts[0] === 'match' && parts[1]) return { page: 'match', matchID: decodeURIComponent(parts[1]) };
  const setup = params.get('new');
  return { page: 'home', seed, ...(setup === 'local' || setup === 'online' ? { setup } : {}) };
}

/** The home page with its local or online settings brought into view (an end screen's New game). */
export const newGameHref = (where: 'local' | 'online') => `#/?new=${where}`;

/** Learn to play: the course's lessons. */
export const learnHref = '#/learn';

/** A finished game in the replay viewer: an online match, or a local game saved in this browser. */
export const replayHref = (source: { matchID: string } | { gameId: string }, at?: ReplayAt): string => {
  const atPart = at === undefined ? '' : `at=${at}`;
  return 'matchID' in source
    ? `#/replay/${encodeURIComponent(source.matchID)}${atPart ? `?${atPart}` : ''}`
    : `#/replay?game=${encodeURIComponent(source.gameId)}${atPart ? `&${atPart}` : ''}`;
};

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
