/**
 * The Planet Unknown server: boardgame.io's game server and Lobby API on Koa, FlatFile storage,
 * and the built client served from the same port. `startServer` is what `server/main.ts` and the
 * tests call; it reads no environment variables itself.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Server as HttpServer } from 'node:http';
import { FlatFile, Origins, Server, SocketIO } from 'boardgame.io/server';
import serve from 'koa-static';
import { PlanetUnknown } from '../game/game';

export type Origin = string | RegExp;

type SocketOpts = NonNullable<NonNullable<ConstructorParameters<typeof SocketIO>[0]>['socketOpts']>;

export interface ServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Address to bind; all interfaces when omitted. */
  host?: string;
  /** Where FlatFile keeps the matches; created if missing. */
  dataDir: string;
  /** The built client (Vite's `dist/`); may be missing, the API still works. */
  staticDir: string;
  /** Origins allowed to use the Lobby API and the sockets, besides localhost in development. */
  origins?: Origin[];
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Paths the client must never be served on: the API, the sockets, the health check. */
const API_PREFIXES = ['/games', '/socket.io', '/healthz'];

const isApiPath = (path: string) => API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Planet Unknown</title></head>
<body><h1>Planet Unknown server</h1>
<p>The client has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>),
then reload this page. The Lobby API under <code>/games</code> works already.</p></body></html>
`;

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

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const dataDir = resolve(options.dataDir);
  const staticDir = resolve(options.staticDir);
  mkdirSync(dataDir, { recursive: true });
  const origins = allowedOrigins(options.origins);

  const server = Server({
    games: [PlanetUnknown],
    db: new FlatFile({ dir: dataDir }),
    origins,
    // boardgame.io passes `cors.origins`, which socket.io ignores: give it `origin` (STACK §2.3).
    transport: new SocketIO({ socketOpts: { cors: { origin: origins } } as SocketOpts }),
  });

  let ready = false;
  server.router.get('/healthz', (ctx) => {
    if (!ready) {
      ctx.status = 503;
      ctx.body = { status: 'starting' };
      return;
    }
    ctx.body = { status: 'ok', game: PlanetUnknown.name, storage: 'flatfile' };
  });

  // Added before run(), so these wrap boardgame.io's CORS and router (STACK §5): static files
  // first, and on the way back an SPA fallback for page routes nothing else answered.
  server.app.use(async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body != null) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (isApiPath(ctx.path)) return;
    const index = join(staticDir, 'index.html');
    ctx.type = 'html';
    ctx.status = 200;
    ctx.body = existsSync(index) ? readFileSync(index) : NOT_BUILT;
  });
  server.app.use(serve(staticDir, { index: 'index.html' }));

  // Koa's listen (patched by koa-socket-2) has no host argument by default: add one (STACK §2.3).
  if (options.host) {
    const host = options.host;
    const listen = server.app.listen.bind(server.app) as (...args: unknown[]) => HttpServer;
    (server.app as unknown as { listen: (port: number, cb: () => void) => HttpServer }).listen = (port, cb) =>
      listen(port, host, cb);
  }

  const { appServer } = await server.run({ port: options.port });
  ready = true;
  const http = appServer as unknown as HttpServer;
  const port = (http.address() as AddressInfo).port;
  const shownHost =
    !options.host || options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;

  let closed: Promise<void> | null = null;
  const close = () => {
    closed ??= new Promise<void>((done) => {
      ready = false;
      const io = (server.app as unknown as { _io?: { close(cb: () => void): void } })._io;
      // socket.io closes its sockets and the HTTP server; drop idle keep-alive connections too.
      if (io) io.close(() => done());
      else http.close(() => done());
      http.closeAllConnections();
    });
    return closed;
  };

  return { url, port, close };
}
