/**
 * No secret in any message: every event a spectator's socket and each seat's sockets receive over
 * a few rounds of a three-player match on Republic, Jump Drive and Horizon Group (syncs, a reload
 * mid-game, updates, match data, chat) is searched for what that socket may not know. The secrets come from the full state after every
 * move: the stored initial state (seed included) replayed with every move, each taken from its own
 * seat's log, where its arguments are not redacted; the replay is checked against what the
 * spectator was shown. They are the seed and the generator's state, the hidden stacks, civ piles,
 * objective and event decks, every seat's private part (objective offer, kept objectives, turn in
 * progress, civ offer), End Game cards, and every seat's credentials.
 * Each state in a message is also checked field by field: nothing hidden, nothing private but the
 * viewer's own, no plugin data, and no other seat's move arguments in its log.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CreateGameReducer } from 'boardgame.io/internal';
import type { GameState, PlayerID, PrivateState } from '../../game/core/types';
import { PlanetUnknown } from '../../game/game';
import { NOTHING_PRIVATE, playerView } from '../../game/view';
import {
  Player,
  RawSocket,
  createMatch,
  joinSeat,
  playRandomly,
  startTestServer,
  waitUntil,
  type Seat,
  type TestServer,
} from './support';

interface StoredState {
  _stateID: number;
  G: GameState;
  ctx: { numPlayers: number };
  plugins: { random?: { data?: { seed?: unknown; prngstate?: Record<string, number> } } };
}

/** The match's initial state as stored: node-persist keeps one JSON file `{ key, value }` per key. */
function storedInitialState(dataDir: string, matchID: string): StoredState {
  const dir = join(dataDir, 'matches');
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const { key, value } = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
      key: string;
      value: unknown;
    };
    if (key === `${matchID}:initial`) return value as StoredState;
  }
  throw new Error(`the initial state of match ${matchID} is not stored in ${dir}`);
}

/** A secret: text that must not appear in a message to anyone but its owner (null: to no one). */
interface Secret {
  what: string;
  text: string;
  owner: PlayerID | null;
}

/** Everything secret in one stored state. */
function secretsOf(state: StoredState, seats: Seat[]): Secret[] {
  const out: Secret[] = [];
  const random = state.plugins.random?.data;
  if (random?.seed !== undefined) out.push({ what: 'the seed', text: String(random.seed), owner: null });
  for (const [name, value] of Object.entries(random?.prngstate ?? {}))
    if (String(value).length >= 8)
      out.push({ what: `the generator state (${name})`, text: String(value), owner: null });
  const { hidden } = state.G;
  const lists: [string, number[]][] = [
    ...hidden.stacks.map((s, i): [string, number[]] => [`station stack ${i}`, s]),
    ...Object.entries(hidden.civPiles).map(([r, s]): [string, number[]] => [`civ pile ${r}`, s]),
    ...Object.entries(hidden.civSetAside).map(([r, s]): [string, number[]] => [
      `civ cards set aside ${r}`,
      s,
    ]),
    ['the objective deck', hidden.objectiveDeck],
    ['the event deck', hidden.eventDeck],
  ];
  // Short lists could match a public list by chance; the field checks cover them.
  for (const [what, list] of lists)
    if (list.length >= 3) out.push({ what, text: JSON.stringify(list), owner: null });
  for (const p of state.G.playerIDs) {
    const priv = state.G.private[p] as PrivateState;
    if (priv.objectiveOffer)
      out.push({ what: `seat ${p}'s objective offer`, text: JSON.stringify(priv.objectiveOffer), owner: p });
    if (priv.objectives.length > 0)
      out.push({
        what: `seat ${p}'s kept objectives`,
        text: `"objectives":${JSON.stringify(priv.objectives)}`,
        owner: p,
      });
    if (priv.turn)
      out.push({ what: `seat ${p}'s turn in progress`, text: JSON.stringify(priv.turn), owner: p });
    if (priv.civOffer)
      out.push({ what: `seat ${p}'s civ offer`, text: JSON.stringify(priv.civOffer), owner: p });
    const revealed = state.G.result !== null || state.G.step === 'endgame';
    for (const card of state.G.boards[p]?.civCards ?? [])
      if (!revealed && card.timing === 'endGame' && card.id !== null)
        out.push({ what: `seat ${p}'s End Game card`, text: JSON.stringify(card), owner: p });
  }
  for (const seat of seats)
    out.push({ what: `seat ${seat.playerID}'s credentials`, text: seat.credentials, owner: null });
  return out;
}

/** Every event one socket receives, in order. */
class Recorder {
  readonly messages: { event: string; args: unknown[] }[] = [];

  constructor(
    readonly viewer: PlayerID | null,
    socket: Socket,
  ) {
    socket.onAny((event: string, ...args: unknown[]) => this.messages.push({ event, args }));
  }

  count(event: string): number {
    return this.messages.filter((m) => m.event === event).length;
  }
}

const socketOf = (player: Player): Socket =>
  (player.client as unknown as { transport: { socket: Socket } }).transport.socket;

interface LogEntry {
  _stateID: number;
  automatic?: boolean;
  action: { type: string; payload: { playerID?: unknown; args?: unknown } };
}

/** The log entries a socket was sent: with syncs and with updates. */
function logsOf(recorder: Recorder): LogEntry[] {
  return recorder.messages.flatMap(({ event, args }) => {
    if (event === 'sync') return ((args[1] as { log?: LogEntry[] }).log ?? []) as LogEntry[];
    if (event === 'update') return (args[2] ?? []) as LogEntry[];
    return [];
  });
}

/** Every move of the match in order, each as its own seat was told of it (arguments included). */
function movesOf(recorders: Recorder[]): LogEntry[] {
  const moves = new Map<number, LogEntry>();
  for (const r of recorders)
    for (const e of logsOf(r))
      if (!e.automatic && e.action.type === 'MAKE_MOVE' && e.action.payload.playerID === r.viewer)
        moves.set(e._stateID, e);
  return [...moves.values()].sort((a, b) => a._stateID - b._stateID);
}

/** What a state sent to `viewer` must not hold; the problems found, in words. */
function stateProblems(state: unknown, viewer: PlayerID | null, where: string): string[] {
  const problems: string[] = [];
  const s = state as { G: GameState; plugins?: Record<string, { data?: unknown }> };
  // The generator's data goes to no one; other plugins hold nothing here.
  for (const [name, plugin] of Object.entries(s.plugins ?? {}))
    if (plugin?.data !== undefined && (name === 'random' || !isEmpty(plugin.data)))
      problems.push(`${where}: plugin data of "${name}"`);
  const { hidden } = s.G;
  if (
    hidden.stacks.length > 0 ||
    Object.keys(hidden.civPiles).length > 0 ||
    Object.keys(hidden.civSetAside).length > 0 ||
    hidden.objectiveDeck.length > 0 ||
    hidden.eventDeck.length > 0
  )
    problems.push(`${where}: hidden state`);
  const revealed = s.G.result !== null || s.G.step === 'endgame';
  for (const p of s.G.playerIDs) {
    if (p === viewer) continue;
    if (JSON.stringify(s.G.private[p]) !== JSON.stringify(NOTHING_PRIVATE))
      problems.push(`${where}: seat ${p}'s private state`);
    if (!revealed && s.G.boards[p]?.civCards.some((c) => c.timing === 'endGame' && c.id !== null))
      problems.push(`${where}: seat ${p}'s End Game card`);
  }
  return problems;
}

const isEmpty = (v: unknown) =>
  v === null || (typeof v === 'object' && Object.keys(v as object).length === 0);

function logProblems(log: unknown, viewer: PlayerID | null, where: string): string[] {
  if (log === undefined || log === null) return [];
  return (log as LogEntry[])
    .filter((e) => e.action.type === 'MAKE_MOVE' && e.action.payload.playerID !== viewer)
    .filter((e) => e.action.payload.args !== null && e.action.payload.args !== undefined)
    .map((e) => `${where}: the arguments of seat ${String(e.action.payload.playerID)}'s move`);
}

/** Every leak in what one socket received. */
function leaks(recorder: Recorder, secrets: Secret[]): string[] {
  const found = new Set<string>();
  const own = secrets
    .filter((s) => s.owner === recorder.viewer)
    .sort((a, b) => b.text.length - a.text.length);
  const others = secrets.filter((s) => s.owner !== recorder.viewer);
  recorder.messages.forEach(({ event, args }, i) => {
    const where = `${event} #${i} to ${recorder.viewer === null ? 'a spectator' : `seat ${recorder.viewer}`}`;
    // What the viewer may see of its own (its civ offer is a whole civ pile, §5.7) is taken out first.
    let text = JSON.stringify(args);
    for (const s of own) text = text.split(s.text).join('');
    for (const s of others) if (text.includes(s.text)) found.add(`${where}: ${s.what}`);
    if (/"credentials"\s*:/.test(text)) found.add(`${where}: a credentials field`);
    const problems: string[] = [];
    if (event === 'sync') {
      const info = args[1] as { state: unknown; initialState?: unknown; log?: unknown };
      problems.push(...stateProblems(info.state, recorder.viewer, `${where} (state)`));
      if (info.initialState !== undefined && info.initialState !== null)
        problems.push(...stateProblems(info.initialState, recorder.viewer, `${where} (initial state)`));
      problems.push(...logProblems(info.log, recorder.viewer, `${where} (log)`));
    } else if (event === 'update') {
      problems.push(...stateProblems(args[1], recorder.viewer, where));
      problems.push(...logProblems(args[2], recorder.viewer, `${where} (log)`));
    } else if (event === 'patch') {
      problems.push(...logProblems(args[4], recorder.viewer, `${where} (log)`));
    }
    for (const p of problems) found.add(p);
  });
  return [...found];
}

describe('what clients are sent', () => {
  let server: TestServer;
  let matchID: string;
  let seats: Seat[];
  const players: Player[] = [];
  const raws: RawSocket[] = [];
  const recorders: Recorder[] = [];
  const secrets = new Map<string, Secret>();

  /** The full state after every move, from the stored initial state and the seats' own logs. */
  const fullStates = (): StoredState[] => {
    const reducer = CreateGameReducer({ game: PlanetUnknown });
    let state = storedInitialState(server.dataDir, matchID);
    const states = [state];
    for (const move of movesOf(recorders)) {
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
      // Corporations whose powers show cards to one player only (Republic tech 2, Jump Drive F, §9).
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

    // Mid-game: chat, a reload of one seat (a new socket, a new sync) and a second sync on a socket.
    seated[0]?.client.sendChatMessage({ text: 'good luck' });
    await waitUntil('the chat message', () => recorders.every((r) => r.count('chat') > 0));
    seated[1]?.stop();
    seated[1] = newPlayer(seats[1] as Seat);
    await seated[1].synced();
    const spectator = raws[0] as RawSocket;
    expect(await spectator.sync(matchID, null)).not.toBeNull();

    await playRandomly(seated, watcher, () => round() >= 4, { seed: 'second' });
    // Every seat's client has the last state too (all moves are in the logs it was sent).
    await Promise.all(seated.map((p) => p.waitFor('the last state', (s) => s._stateID === watcher.stateID)));

    const states = fullStates();
    const last = states[states.length - 1] as StoredState;
    // The replay is the match the server played: the spectator's view of it is what it was shown.
    expect(last._stateID).toBe(watcher.stateID);
    expect(playerView(last.G, null)).toEqual(watcher.G);
    for (const state of states)
      for (const s of secretsOf(state, seats)) secrets.set(`${s.owner}:${s.text}`, s);

    for (const r of recorders) {
      expect(r.count('sync')).toBeGreaterThan(0);
      expect(r.count('update')).toBeGreaterThan(0);
    }
    expect(recorders.some((r) => r.count('matchData') > 0)).toBe(true);
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
