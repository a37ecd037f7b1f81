// @vitest-environment jsdom
/**
 * The online seat calls of client/online/lobby.ts against a fake server (fetch stubbed): what each sends,
 * what happens to the stored credentials, and the server's plain-text reasons in the errors.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  handSeatToBot,
  leaveSeat,
  lobbyError,
  playAgain,
  rememberSeat,
  renameSeat,
  seatFor,
  type SeatCredentials,
} from '../../client/online/lobby';

interface Sent {
  url: string;
  body: unknown;
}

let sent: Sent[] = [];
/** Answers by route suffix: a JSON body, or [status, text] for a refusal. */
let answers: Record<string, unknown> = {};

beforeEach(() => {
  sent = [];
  answers = {};
  window.localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const route = Object.keys(answers).find((suffix) => url.endsWith(suffix));
    const answer = route ? answers[route] : {};
    if (Array.isArray(answer)) {
      const [status, text] = answer as [number, string];
      return new Response(text, { status, headers: { 'content-type': 'text/plain' } });
    }
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const seat: SeatCredentials = { playerID: '1', credentials: 'secret', playerName: 'Bob' };
const path = (matchID: string, action: string) =>
  `${window.location.origin}/games/planet-unknown/${matchID}/${action}`;

describe('seat calls', () => {
  it('rename: the Lobby update with the new name, remembered for the seat', async () => {
    rememberSeat('m1', seat);
    const renamed = await renameSeat('m1', seat, 'Bobby');
    expect(sent).toEqual([
      { url: path('m1', 'update'), body: { playerID: '1', credentials: 'secret', newName: 'Bobby' } },
    ]);
    expect(renamed.playerName).toBe('Bobby');
    expect(seatFor('m1')?.playerName).toBe('Bobby');
  });

  it('leave: the Lobby leave, then the credentials are forgotten; a refusal keeps them', async () => {
    rememberSeat('m1', seat);
    answers = { '/leave': [403, 'Invalid credentials'] };
    const err = await leaveSeat('m1', seat).catch((e: unknown) => e);
    expect(lobbyError(err)).toBe('HTTP status 403: Invalid credentials');
    expect(seatFor('m1')).toEqual(seat);
    answers = {};
    await leaveSeat('m1', seat);
    expect(sent.at(-1)).toEqual({ url: path('m1', 'leave'), body: { playerID: '1', credentials: 'secret' } });
    expect(seatFor('m1')).toBeUndefined();
  });

  it("to a bot: one's own seat forgets the credentials, an empty seat keeps them", async () => {
    rememberSeat('m1', seat);
    answers = { '/bot': { playerID: '0', name: 'Cadet Vega', bot: 'cadet' } };
    await handSeatToBot('m1', seat, '0', 'cadet');
    expect(sent).toEqual([
      { url: path('m1', 'bot'), body: { playerID: '1', credentials: 'secret', seat: '0', level: 'cadet' } },
    ]);
    expect(seatFor('m1')).toEqual(seat);
    answers = { '/bot': { playerID: '1', name: 'Pilot Altair', bot: 'pilot' } };
    expect(await handSeatToBot('m1', seat, '1', 'pilot')).toEqual({
      playerID: '1',
      name: 'Pilot Altair',
      bot: 'pilot',
    });
    expect(seatFor('m1')).toBeUndefined();
  });

  it("to a bot: the server's plain-text reason is in the error", async () => {
    rememberSeat('m1', seat);
    answers = { '/bot': [409, 'The game is over.'] };
    const err = await handSeatToBot('m1', seat, '1', 'cadet').catch((e: unknown) => e);
    expect(lobbyError(err)).toBe('HTTP status 409: The game is over.');
    expect(seatFor('m1')).toEqual(seat);
  });

  it('play again: the next match, joined in the same seat with the same name; once only', async () => {
    rememberSeat('m1', seat);
    answers = { '/playAgain': { nextMatchID: 'm2' }, '/join': { playerID: '1', playerCredentials: 'new' } };
    expect(await playAgain('m1', seat)).toBe('m2');
    expect(sent).toEqual([
      { url: path('m1', 'playAgain'), body: { playerID: '1', credentials: 'secret' } },
      { url: path('m2', 'join'), body: { playerName: 'Bob', playerID: '1' } },
    ]);
    expect(seatFor('m2')).toEqual({ playerID: '1', credentials: 'new', playerName: 'Bob' });
    // Pressed again (or from another tab): the same next match, already joined.
    sent = [];
    expect(await playAgain('m1', seat)).toBe('m2');
    expect(sent.map((s) => s.url)).toEqual([path('m1', 'playAgain')]);
  });

  it('play again: a seat taken in the next match is reported', async () => {
    answers = { '/playAgain': { nextMatchID: 'm2' }, '/join': [409, 'Player 1 not available'] };
    const err = await playAgain('m1', seat).catch((e: unknown) => e);
    expect(lobbyError(err)).toBe('HTTP status 409: Player 1 not available');
    expect(seatFor('m2')).toBeUndefined();
  });
});

describe('the list of open matches', () => {
  it('offers only matches with a free seat, never a full or finished one', async () => {
    const { joinableMatches } = await import('../../client/online/lobby');
    const match = (id: string, names: (string | undefined)[], gameover?: unknown) => ({
      matchID: id,
      players: names.map((name, k) => ({ id: k, ...(name ? { name } : {}) })),
      ...(gameover ? { gameover } : {}),
    });
    const list = [
      match('free', ['Ada', undefined]),
      match('full', ['Ada', 'Bo']),
      match('over', ['Ada', undefined], { winner: '0' }),
      match('bots', ['Ada', 'Cadet Vega', undefined]),
    ];
    expect(joinableMatches(list).map((m) => m.matchID)).toEqual(['free', 'bots']);
  });
});
