/**
 * No secret in any message: every event a spectator's socket and each seat's sockets receive over
 * a few rounds of a three-player match on Republic, Jump Drive and Horizon Group (syncs, a reload
 * mid-game, updates, match data, a table chat message) is searched for what that
 * socket may not know. The secrets come from the full state after every move: the stored initial
 * state (seed included) replayed with every move of the stored log; the replay is checked against
 * what the spectator was shown. They are the seed and the generator's state, the hidden stacks, civ piles,
 * objective and event decks, every seat's private part (objective offer, kept objectives, turn in
 * progress, civ offer), End Game cards, and every seat's credentials.
 * Each state in a message is also checked field by field: nothing hidden, nothing private but the
 * viewer's own, no plugin data, and no other seat's move arguments in its log.
 */
import { CHAT_EVENT } from '../../server/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CreateGameReducer } from 'boardgame.io/internal';
import type { PlayerID } from '../../game/core/types';
import { PlanetUnknown } from '../../game/game';
import { playerView } from '../../game/view';
import {
  Player,
  RawSocket,
  createMatch,
  joinSeat,
  playRandomly,
  inStep,
  startTestServer,
  waitUntil,
  type Seat,
  type TestServer,
} from './support';
import {
  Recorder,
  leaks,
  movesOf,
  secretsOf,
  shownStateID,
  socketOf,
  storedInitialState,
  storedLog,
  type Secret,
  type StoredState,
} from './secrets-support';

describe('what clients are sent', () => {
  let server: TestServer;
  let matchID: string;
  let seats: Seat[];
  const players: Player[] = [];
  const raws: RawSocket[] = [];
  const recorders: Recorder[] = [];
  const secrets = new Map<string, Secret>();

  /** The full state after every move, from the stored initial state and the stored log. */
  const fullStates = (): StoredState[] => {
    const reducer = CreateGameReducer({ game: PlanetUnknown });
    let state = storedInitialState(server.dataDir, matchID);
    const states = [state];
    for (const move of movesOf(storedLog(server.dataDir, matchID))) {
      expect(move._stateID).toBe(state._stateID);
      state = reducer(state as never, move.action as never) as unknown as StoredState;
      states.push(state);
    }
    return states;
  };

  const watch = (viewer: PlayerID | null, socket: Socket) => recorders.push(new Recorder(viewer, socket));

  const newPlayer = (seat: Seat | null) => {
    const player = new Player(server.url, matchID, seat);
    watch(seat?.playerID ?? null, socketOf(player));
    players.push(player);
    return player;
  };

  beforeAll(async () => {
    server = await startTestServer();
    matchID = await createMatch(server.url, {
      numPlayers: 3,
      // Corporations whose powers show cards to one player only (Republic tech 2 and 5, Jump Drive F,
      // §9); random play rarely brings those offers about: board-secrets.test.ts makes each happen.
      setupData: {
        events: 'standard',
        privateObjectives: true,
        seats: [{ corporation: 'republic' }, { corporation: 'jump-drive' }, { corporation: 'horizon-group' }],
      },
    });
    seats = await Promise.all(['0', '1', '2'].map((p) => joinSeat(server.url, matchID, p)));
  });

  afterAll(async () => {
    for (const p of players) p.stop();
    for (const r of raws) r.close();
    await server?.dispose();
  });

  it('holds no seed, no hidden information, no other seat’s secrets and no credentials', async () => {
    // Raw sockets see exactly what goes over the wire; the clients that play are watched too.
    for (const seat of [null, ...seats]) {
      const raw = new RawSocket(server.url);
      raws.push(raw);
      watch(seat?.playerID ?? null, raw.socket);
      expect(await raw.sync(matchID, seat?.playerID ?? null, seat?.credentials)).not.toBeNull();
    }
    const watcher = newPlayer(null);
    const seated = seats.map((seat) => newPlayer(seat));
    await Promise.all([watcher, ...seated].map((p) => p.synced()));

    const round = () => watcher.G?.round ?? 1;
    await playRandomly(seated, watcher, () => round() >= 2, { seed: 'first' });

    // Mid-game: a chat message (to every socket: the text, the seat and the time, nothing else), a
    // reload of one seat (a new socket, a new sync) and a second sync on a socket.
    seated[0]?.client.sendChatMessage({ text: 'good luck' });
    await waitUntil('the chat message at every socket', () =>
      recorders.every((r) => r.count(CHAT_EVENT) > 0),
    );
    seated[1]?.stop();
    seated[1] = newPlayer(seats[1] as Seat);
    await seated[1].synced();
    const spectator = raws[0] as RawSocket;
    expect(await spectator.sync(matchID, null)).not.toBeNull();

    await playRandomly(seated, watcher, () => round() >= 4, { seed: 'second' });
    // Every client has the last state the server has for it.
    await waitUntil('every client in step', () => inStep(server.url, [watcher, ...seated]));

    const states = fullStates();
    const last = states[states.length - 1] as StoredState;
    // The replay is the match the server played: the spectator's view of it is what it was shown.
    expect(shownStateID(storedLog(server.dataDir, matchID), null, last._stateID)).toBe(watcher.stateID);
    expect(playerView(last.G, null)).toEqual(watcher.G);
    for (const state of states)
      for (const s of secretsOf(state, seats)) secrets.set(`${s.owner}:${s.text}`, s);

    for (const r of recorders) {
      expect(r.count('sync')).toBeGreaterThan(0);
      expect(r.count('update')).toBeGreaterThan(0);
    }
    expect(recorders.some((r) => r.count('matchData') > 0)).toBe(true);
    // boardgame.io's own chat event is never used.
    for (const r of recorders) expect(r.count('chat')).toBe(0);
    const kinds = new Set([...secrets.values()].map((s) => s.what.replace(/ \d+|seat \d+'s /g, '')));
    // The search covered every kind of secret the match had.
    for (const kind of ['the seed', 'station stack', 'civ pile', 'the objective deck', 'the event deck'])
      expect(kinds.has(kind)).toBe(true);
    expect([...kinds].some((k) => k.includes('objective offer'))).toBe(true);
    expect([...kinds].some((k) => k.includes('turn in progress'))).toBe(true);

    const found = recorders.flatMap((r) => leaks(r, [...secrets.values()]));
    expect(found).toEqual([]);
  });
});
