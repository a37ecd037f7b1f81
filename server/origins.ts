/** Which origins may use the Lobby API and the sockets. */
import { Origins } from 'boardgame.io/server';

export type Origin = string | RegExp;

/** Origins for the API and sockets: the given ones plus any localhost port outside production. */
export function allowedOrigins(extra: Origin[] = []): Origin[] {
  const dev = Origins.LOCALHOST_IN_DEVELOPMENT as Origin | false;
  return dev ? [...extra, dev] : [...extra];
}

/** Parse the `ORIGINS` environment variable: comma-separated, blanks ignored. */
export function parseOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** The same test boardgame.io applies to the Lobby API (exact strings or regular expressions). */
export function isOriginAllowed(origin: string, allowed: Origin[]): boolean {
  return allowed.some((o) => (typeof o === 'string' ? o === origin : o.test(origin)));
}
