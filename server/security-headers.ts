/**
 * Security headers on every response (pages, static assets, API answers, errors): a strict
 * Content-Security-Policy, no framing, no MIME sniffing, no referrer. The built client passes the
 * policy with no violation in Chromium (test/browser/csp.test.ts: the home page, the Pixi canvas,
 * the bot Web Worker, the sockets); the headers are tested through the server in
 * test/server/security-headers.test.ts. docs/server.md, "Bad input and security".
 */
import type { Context, Next } from 'koa';

/** Each directive, and why. Nothing inline, nothing eval'd, nothing from another origin. */
const DIRECTIVES: [string, string][] = [
  // Anything not named below: this server only.
  ['default-src', "'self'"],
  // Vite's build has only module scripts from /assets: no inline script, no eval (Pixi v8 runs
  // without it: client/table/pixi/on-demand.tsx imports 'pixi.js/unsafe-eval').
  ['script-src', "'self'"],
  // The bot Web Worker is a module file from /assets (Vite's `new Worker(new URL(…))`), not a blob.
  ['worker-src', "'self'"],
  // The Lobby API and socket.io (polling and WebSocket): same origin only. CSP Level 3 'self'
  // covers ws:/wss: to the same host and port (the browser test opens the WebSocket under it).
  ['connect-src', "'self'"],
  // Pixi may turn canvases into data: or blob: images; the favicon is `data:,`.
  ['img-src', "'self' data: blob:"],
  // Stylesheets from /assets; React and Pixi set element.style from script, which CSP allows.
  ['style-src', "'self'"],
  ['font-src', "'self' data:"],
  // No plugins, no <base> rewriting relative URLs, forms post only here.
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'self'"],
  // No page may frame this one (a click-jacked "Leave this table"); X-Frame-Options below says the
  // same to browsers without CSP Level 2.
  ['frame-ancestors', "'none'"],
];

export const CONTENT_SECURITY_POLICY = DIRECTIVES.map(([name, value]) => `${name} ${value}`).join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  // An answer runs as a script or applies as a stylesheet only if its Content-Type says so.
  'X-Content-Type-Options': 'nosniff',
  // no-referrer rather than strict-origin-when-cross-origin: nothing here reads Referer (the
  // origin checks read Origin, Sec-Fetch-Site and Host), so send none at all, not even the
  // server's origin (perhaps a private host name) to a site a link leads to. Match ids live in the
  // URL's fragment, which no Referer carries anyway.
  'Referrer-Policy': 'no-referrer',
};

/**
 * Koa middleware: set the headers before the rest runs, so that they stay on answers that
 * boardgame.io, the router or koa-static write. Koa's error answer drops every header set so far
 * and keeps only the error's own `headers`: add them there, so that a 4xx or 500 has them too.
 */
export function securityHeaders() {
  return async (ctx: Context, next: Next): Promise<void> => {
    ctx.set(SECURITY_HEADERS);
    try {
      await next();
    } catch (err) {
      if (err !== null && typeof err === 'object') {
        const own = (err as { headers?: Record<string, string> }).headers;
        (err as { headers?: Record<string, string> }).headers = { ...SECURITY_HEADERS, ...own };
      }
      throw err;
    }
  };
}
