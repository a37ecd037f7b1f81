/**
 * The engine's messages as a client of the real server receives them: a refused move comes back on
 * the seat's notice as a code with its values and rule, the log as codes, and both render in the
 * player's language with the rule behind a "why?" (never inside the sentence).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { TFunction } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMessage } from '../../game/core/messages';
import { i18next, setLanguage } from '../../client/i18n';
import { MessageText, messageText } from '../../client/i18n/messages';
import type { GameState } from '../../game/core/types';
import {
  createMatch,
  joinSeat,
  Player,
  startTestServer,
  type ClientState,
  type TestServer,
} from '../server/support';

const fr = i18next.getFixedT('fr') as TFunction;

describe('messages from the server, rendered by the client', () => {
  let server: TestServer;
  let players: Player[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const seats = [
      await joinSeat(server.url, matchID, '0', 'Ada'),
      await joinSeat(server.url, matchID, '1', 'Bob'),
    ];
    players = seats.map((s) => new Player(server.url, matchID, s));
    await Promise.all(players.map((p) => p.synced()));
  });

  afterAll(async () => {
    for (const p of players) p.stop();
    await server?.dispose();
  });

  it('renders a refusal and a log line sent over the socket in French', async () => {
    const ada = players[0]!;
    const refusalOf = (st: ClientState) => (st.G as GameState).private['0']?.rejection?.reason;
    expect(ada.legal().some((a) => a.type === 'takeTile')).toBe(true);

    ada.send({ type: 'confirm' });
    const reason = refusalOf(await ada.waitFor('the refusal', (st) => !!refusalOf(st)))!;
    expect(isMessage(reason)).toBe(true);
    expect(reason).toMatchObject({ code: 'reason.takeTileFirst', rule: '§3.5' });
    expect(messageText(reason, fr)).toBe("Prenez d'abord une tuile de votre Dépôt.");

    setLanguage('fr');
    try {
      const html = renderToStaticMarkup(createElement(MessageText, { message: reason }));
      expect(html).toContain('Prenez d&#x27;abord une tuile de votre Dépôt.');
      expect(html).toMatch(/<button[^>]*title="Règle §3.5"[^>]*>pourquoi\u202f\?<\/button>/);
    } finally {
      setLanguage('en');
    }

    // Both play their turn; the round's end writes each placed tile to the log.
    const placed = (st: ClientState) => (st.G as GameState).log.find((e) => e.message.code === 'log.placed');
    for (let step = 0; step < 80 && !(ada.state && placed(ada.state)); step++) {
      const player = players.find((p) => p.canAct());
      const legal = player?.legal() ?? [];
      const next =
        legal.find((a) => a.type === 'confirm') ??
        legal.find((a) => a.type === 'resolve') ??
        legal.find((a) => a.type === 'placeTile') ??
        legal.find((a) => a.type === 'takeTile');
      if (!player || !next) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const before = player.stateID;
      player.send(next);
      await player.waitFor('the move to apply', (st) => st._stateID > before);
    }
    const line = placed(ada.state!)!;
    expect(['0', '1']).toContain(line.player);
    expect(messageText(line.message, fr)).toMatch(/^a posé une tuile \(.+\)$/);
  });
});
