/**
 * Which browser origins may use the Lobby API and the sockets: one policy for both. Allowed are
 * the configured origins (`ORIGINS`), the server's own (its loopback addresses on its port, and
 * the address it binds when one is given) and, outside production, any localhost port.
 *
 * The Host header is never trusted: a page at http://evil.example:8000 whose name an attacker
 * points at 127.0.0.1 (DNS rebinding) sends `Origin` and `Host` both `evil.example:8000`, and its
 * requests are same-origin to the browser, so CORS does not stop them. Only this policy does.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Context, Next } from 'koa';

export type Origin = string | RegExp;

export interface OriginPolicyOptions {
  /** Configured origins: exact origins or regular expressions. */
  configured: Origin[];
  /** Any localhost origin, whatever its port (development). */
  anyLocalhost: boolean;
  /** The address the server binds, if one is given: its own pages may be served from it. */
  host?: string;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_HOSTS = ['', '0.0.0.0', '::', '[::]'];

/** `value` as a browser writes it in an Origin header, or null if it is not an http(s) origin. */
export function normalOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

export class OriginPolicy {
  private own: string[] = [];

  constructor(private readonly options: OriginPolicyOptions) {}

  /** The server listens on `port` (known only then when it was 0): its own origins follow. */
  listening(port: number): void {
    const host = this.options.host?.trim() ?? '';
    const names = [...LOOPBACK_NAMES];
    if (!WILDCARD_HOSTS.includes(host))
      names.push(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
    this.own = names
      .map((name) => normalOrigin(`http://${name}:${port}`))
      .filter((o): o is string => o !== null);
  }

  /** Whether a browser page from `origin` may use the API and open sockets. */
  allows(origin: string): boolean {
    if (this.options.configured.some((o) => (typeof o === 'string' ? o === origin : o.test(origin))))
      return true;
    const normal = normalOrigin(origin);
    if (normal === null || normal !== origin) return false;
    if (this.own.includes(normal)) return true;
    return this.options.anyLocalhost && LOOPBACK_NAMES.includes(new URL(normal).hostname);
  }

  /**
   * Whether a request may go on. By its Origin header when it has one. Without one, a browser's
   * request (browsers send `Sec-Fetch-Site`, which no page can set or remove) is same-origin, so
   * its page's origin is the request's own: judged by its Host, which is what a rebinding page
   * cannot hide. Other programs send neither and are let through.
   */
  allowsRequest(headers: IncomingHttpHeaders): boolean {
    const { origin, host } = headers;
    if (typeof origin === 'string') return this.allows(origin);
    if (headers['sec-fetch-site'] === undefined || host === undefined) return true;
    if (!/^[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/i.test(host)) return false;
    return [`http://${host}`, `https://${host}`].some((o) => {
      const normal = normalOrigin(o);
      return normal !== null && this.allows(normal);
    });
  }

  /**
   * The policy in the shape boardgame.io's Lobby API CORS takes: it calls `test` on each
   * regular expression it is given.
   */
  asPattern(): RegExp {
    const pattern = /(?!)/;
    pattern.test = (origin: string) => this.allows(origin);
    return pattern;
  }

  /** Koa middleware: a request to `paths` that `allowsRequest` refuses gets a 403, nothing else. */
  guard(paths: (path: string) => boolean) {
    return async (ctx: Context, next: Next): Promise<void> => {
      if (paths(ctx.path) && !this.allowsRequest(ctx.req.headers)) {
        const from = (ctx.get('Origin') || `http://${ctx.get('Host')}`).slice(0, 200);
        ctx.status = 403;
        ctx.type = 'text/plain';
        ctx.body =
          `Pages from ${from} may not use this server. ` +
          'Open the game from the server itself, or add that origin to ORIGINS.';
        return;
      }
      await next();
    };
  }
}

/**
 * Parse the `ORIGINS` environment variable: comma-separated origins such as
 * `https://pu.example`, blanks ignored. A value that is not an origin is an error, not a silent
 * mismatch.
 */
export function parseOrigins(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return entries.map((entry) => {
    const origin = normalOrigin(entry);
    if (origin === null)
      throw new Error(
        `ORIGINS must list origins such as https://pu.example or http://localhost:8000, not "${entry}".`,
      );
    return origin;
  });
}
