/**
 * Which pages may use the server (server/origins.ts), over real HTTP requests and socket.io
 * handshakes: the configured origins and the server's own are allowed, other programs (no Origin)
 * too; a DNS-rebinding page (http://evil.example:PORT resolving to this machine, sending Origin
 * and Host both evil.example:PORT, or only Host on a same-origin GET) is refused on the API and
 * on both socket transports, and changes nothing.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../../server/config';
import { parseOrigins } from '../../server/origins';
import { GAME, startTestServer, websocketOpens, type TestServer } from './support';

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One HTTP request with exactly these headers (fetch would not send a Host of our choosing). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const createBody = JSON.stringify({ numPlayers: 2 });

describe('origins', () => {
  let server: TestServer;
  let port: number;
  const configured = 'https://pu.example';

  const create = (headers: Record<string, string>) =>
    send(
      port,
      'POST',
      `/games/${GAME}/create`,
      { 'content-type': 'application/json', ...headers },
      createBody,
    );

  const matchCount = async () => {
    const res = await send(port, 'GET', `/games/${GAME}`, {});
    return (JSON.parse(res.text) as { matches: unknown[] }).matches.length;
  };

  /** engine.io's first polling request: the one that opens a session. */
  const pollingHandshake = (headers: Record<string, string>) =>
    send(port, 'GET', '/socket.io/?EIO=4&transport=polling', headers);

  /** A socket.io connection over WebSocket with these handshake headers: whether it opens. */
  const websocket = (headers: Record<string, string>) => websocketOpens(server.url, headers);

  beforeAll(async () => {
    // The production policy: no localhost origin but the server's own.
    server = await startTestServer({ origins: [configured] });
    port = server.port;
  });

  afterAll(async () => {
    await server?.dispose();
  });

  describe('a DNS-rebinding page is refused', () => {
    const evil = () => ({ origin: `http://evil.example:${port}`, host: `evil.example:${port}` });

    it('on the Lobby API, with a clear message and no change', async () => {
      const before = await matchCount();
      const res = await create(evil());
      expect(res.status).toBe(403);
      expect(res.text).toBe(
        `Pages from http://evil.example:${port} may not use this server. Open the game from the server itself, or add that origin to ORIGINS.`,
      );
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      // A same-origin GET carries no Origin: the browser's Sec-Fetch-Site gives it away, and its Host.
      const read = await send(port, 'GET', `/games/${GAME}`, {
        host: `evil.example:${port}`,
        'sec-fetch-site': 'same-origin',
      });
      expect(read.status).toBe(403);
      expect(read.text).toMatch(/^Pages from http:\/\/evil\.example:\d+ may not use this server/);
      expect(await matchCount()).toBe(before);
    });

    it('on the sockets, over polling and over WebSocket', async () => {
      const polling = await pollingHandshake(evil());
      expect(polling.status).toBe(403);
      expect(polling.text).not.toMatch(/"sid"/);
      const sameOrigin = await pollingHandshake({
        host: `evil.example:${port}`,
        'sec-fetch-site': 'same-origin',
      });
      expect(sameOrigin.status).toBe(403);
      expect(await websocket(evil())).toBe(false);
    });

    it('whatever name it uses, and localhost look-alikes too', async () => {
      for (const origin of [
        `http://localhost:${port}.evil.example`,
        `http://evil-localhost:${port}`,
        `http://localhost:${port + 1}`, // another local program's page, outside development
        `https://localhost:${port}`,
        'null',
        `http://localhost:${port}/`,
      ]) {
        expect((await create({ origin })).status, origin).toBe(403);
        expect((await pollingHandshake({ origin })).status, origin).toBe(403);
      }
    });
  });

  describe('the server’s own pages, the configured origins and other programs are allowed', () => {
    it('on the Lobby API', async () => {
      for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`]) {
        const res = await create({ origin, host: `127.0.0.1:${port}` });
        expect(res.status, origin).toBe(200);
        expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
      }
      const fromConfigured = await create({ origin: configured, host: 'pu.example' });
      expect(fromConfigured.status).toBe(200);
      expect(fromConfigured.headers['access-control-allow-origin']).toBe(configured);
      // A same-origin GET from the server's own page, and a program without Origin.
      const own = await send(port, 'GET', `/games/${GAME}`, {
        host: `localhost:${port}`,
        'sec-fetch-site': 'same-origin',
      });
      expect(own.status).toBe(200);
      expect((await create({})).status).toBe(200);
    });

    it('on the sockets, over polling and over WebSocket', async () => {
      for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`, configured]) {
        const polling = await pollingHandshake({ origin });
        expect(polling.status, origin).toBe(200);
        expect(polling.text, origin).toMatch(/"sid"/);
        expect(await websocket({ origin }), origin).toBe(true);
      }
      expect(
        (await pollingHandshake({ host: `127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' })).status,
      ).toBe(200);
      expect((await pollingHandshake({})).status).toBe(200);
      expect(await websocket({})).toBe(true);
    });
  });

  it('allows any localhost page in development only, and only real localhost', async () => {
    const dev = await startTestServer({ localhostOrigins: true });
    try {
      const createOn = (origin: string) =>
        send(
          dev.port,
          'POST',
          `/games/${GAME}/create`,
          { 'content-type': 'application/json', origin },
          createBody,
        );
      expect((await createOn('http://localhost:5173')).status).toBe(200);
      expect((await createOn('http://127.0.0.1:5173')).status).toBe(200);
      expect((await createOn('http://localhost:5173.evil.example')).status).toBe(403);
      expect((await createOn(`http://evil.example:${dev.port}`)).status).toBe(403);
    } finally {
      await dev.dispose();
    }
  });

  it('reads ORIGINS and NODE_ENV from the environment, refusing what is not an origin', () => {
    expect(parseOrigins(' https://pu.example, http://localhost:3000/ ,')).toEqual([
      'https://pu.example',
      'http://localhost:3000',
    ]);
    expect(() => parseOrigins('pu.example')).toThrow(
      'ORIGINS must list origins such as https://pu.example or http://localhost:8000, not "pu.example".',
    );
    expect(() => optionsFromEnv({ ORIGINS: 'ftp://pu.example' })).toThrow(/ORIGINS must list origins/);
    expect(optionsFromEnv({ NODE_ENV: 'production' }).localhostOrigins).toBe(false);
    expect(optionsFromEnv({}).localhostOrigins).toBe(true);
  });
});
