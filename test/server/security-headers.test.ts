/**
 * The security headers (server/security-headers.ts) through the real server, on every kind of
 * answer: the page and the SPA fallback that serves it for page routes, a static asset, API answers
 * (a list, a thrown 404, a refused origin) and the page shown before the client is built.
 * test/browser/csp.test.ts checks that the built client runs under the policy in Chromium.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/security-headers';
import { GAME, request, startTestServer, type Reply, type TestServer } from './support';

function expectSecurityHeaders(reply: Reply) {
  expect(reply.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  expect(reply.headers.get('x-frame-options')).toBe('DENY');
  expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
}

describe('security headers', () => {
  let server: TestServer;
  let client: string;

  beforeAll(async () => {
    // A tiny built client: a page and the module it loads.
    client = mkdtempSync(join(tmpdir(), 'pu-client-'));
    mkdirSync(join(client, 'assets'));
    writeFileSync(
      join(client, 'index.html'),
      '<!doctype html><title>PU</title><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(join(client, 'assets', 'app.js'), 'export {};\n');
    server = await startTestServer({ staticDir: client });
  });
  afterAll(async () => {
    await server.dispose();
    rmSync(client, { recursive: true, force: true });
  });

  it('states a strict policy: nothing inline or eval’d, no framing, no plugins', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-|\*/);
  });

  it('are on the page, and on the page served for a page route', async () => {
    for (const path of ['/', '/index.html', '/match/abc']) {
      const reply = await request(server.url, path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(reply.text, path).toMatch(/<title>PU<\/title>/);
      expectSecurityHeaders(reply);
    }
  });

  it('are on a static asset', async () => {
    const reply = await request(server.url, '/assets/app.js');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/javascript/);
    expectSecurityHeaders(reply);
  });

  it('are on API answers, errors and refusals included', async () => {
    const list = await request(server.url, `/games/${GAME}`);
    expect(list.status).toBe(200);
    expectSecurityHeaders(list);

    const missing = await request(server.url, `/games/${GAME}/no-such-match`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);

    const foreign = await request(server.url, `/games/${GAME}`, {
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expectSecurityHeaders(foreign);

    const health = await request(server.url, '/healthz');
    expect(health.status).toBe(200);
    expectSecurityHeaders(health);
  });

  it('are on the page shown before the client is built', async () => {
    const bare = await startTestServer();
    try {
      const reply = await request(bare.url, '/');
      expect(reply.text).toMatch(/has not been built yet/);
      expectSecurityHeaders(reply);
    } finally {
      await bare.dispose();
    }
  });
});
