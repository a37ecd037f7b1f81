/**
 * A turn's private steps reach no one but their player (§9, server/step-veil.ts): through the real
 * server, other seats and spectators receive nothing that tells a step's kind (`takeTile`, `undo`,
 * …) or how many steps were made: no update for one, no log entry of one, state ids that go up by
 * one per move they are told of, and move counters at 0. The mover's sockets get everything. A
 * two-seat match played by boardgame.io's own clients still goes from round to round, each client
 * ending with the state a fresh sync gives its seat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action, GameState, PlayerID } from '../../game/core/types';
import { legalActions } from '../../game/engine';
import { isPrivateStep } from '../../game/game';
import {
  Player,
  RawSocket,
  createMatch,
  joinSeat,
  movePacket,
  playRandomly,
  snapshot,
  startTestServer,
  waitUntil,
  type Seat,
  type SyncInfo,
  type TestServer,
} from './support';
import { Recorder, socketOf } from './secrets-support';

/** Every move type the game counts as a private step (game/game.ts). */
const STEP_NAMES = ['takeTile', 'placeTile', 'resolve', 'moveRover', 'useAbility', 'undo', 'restart'];

interface Entry {
  _stateID: number;
  action: { type: string; payload: { type: string; playerID: string } };
}
interface Sent {
  G: GameState;
  _stateID: number;
  ctx: { numMoves: number; _activePlayersNumMoves?: Record<string, number> };
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

/** The log entries and states of a recorder's messages from index `from` on. */
function sentSince(r: Recorder, from = 0): { entries: Entry[]; states: Sent[] } {
  const entries: Entry[] = [];
  const states: Sent[] = [];
  for (const { event, args } of r.messages.slice(from)) {
    if (event === 'update') {
      states.push(args[1] as Sent);
      entries.push(...((args[2] ?? []) as Entry[]));
    } else if (event === 'sync') {
      const info = args[1] as { state: Sent; log?: Entry[] };
      states.push(info.state);
      entries.push(...(info.log ?? []));
    }
  }
  return { entries, states };
}

/** Another seat's private steps among the log entries `viewer` was sent. */
const othersSteps = (entries: Entry[], viewer: PlayerID | null): Entry[] =>
  entries.filter(
    (e) =>
      e.action.type === 'MAKE_MOVE' &&
      isPrivateStep(e.action.payload.type) &&
      e.action.payload.playerID !== viewer,
  );

/** Whether the state ids a socket was sent go up by exactly one from each state to the next. */
function idsStepByOne(states: Sent[]): boolean {
  return states.every((s, i) => i === 0 || s._stateID === (states[i - 1] as Sent)._stateID + 1);
}

/** A fresh sync answer for a seat (or a spectator), from a new socket. */
async function freshSync(matchID: string, seat: Seat | null): Promise<SyncInfo> {
  const raw = new RawSocket(server.url);
  try {
    const info = await raw.sync(matchID, seat?.playerID ?? null, seat?.credentials);
    if (!info) throw new Error('the sync was refused');
    return info;
  } finally {
    raw.close();
  }
}

describe('a turn in progress, as others are told of it', () => {
  it('other seats and spectators get nothing of its steps, and the same syncs however many there were', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const seats = [await joinSeat(server.url, matchID, '0'), await joinSeat(server.url, matchID, '1')] as [
      Seat,
      Seat,
    ];
    const [mover, other] = seats;
    const socket = async (seat: Seat | null) => {
      const raw = new RawSocket(server.url);
      const recorder = new Recorder(seat?.playerID ?? null, raw.socket);
      expect(await raw.sync(matchID, seat?.playerID ?? null, seat?.credentials)).not.toBeNull();
      return { raw, recorder };
    };
    const moving = await socket(mover);
    const moverTab = await socket(mover); // the mover's second tab
    const seat1 = await socket(other);
    const watching = await socket(null);
    const all = [moving, moverTab, seat1, watching];
    const last = (r: Recorder): Sent => r.states().at(-1) as unknown as Sent;
    expect(last(moving.recorder).G.step).toBe('turns');

    /** Send a move from a raw socket and wait until every socket in `hearers` has an update more. */
    const play = async (from: typeof moving, seat: Seat, action: Action, hearers: (typeof moving)[]) => {
      const counts = hearers.map((s) => s.recorder.count('update'));
      const { type, ...args } = action as Action & Record<string, unknown>;
      const id = last(from.recorder)._stateID;
      from.raw.socket.emit(
        'update',
        movePacket(type, Object.keys(args).length ? args : undefined, seat.playerID, seat.credentials),
        id,
        matchID,
        seat.playerID,
      );
      await waitUntil(`the server's answer to ${type}`, () =>
        hearers.every((s, i) => s.recorder.count('update') > counts[i]!),
      );
      // The last state the mover's socket was sent is the server's answer: the step was played.
      expect(last(from.recorder).G.private[seat.playerID]?.rejection ?? null).toBeNull();
    };
    let moverSteps = 0;
    const step = (seat: Seat, pick: (actions: Action[]) => Action | undefined) => {
      if (seat === mover) moverSteps++;
      const from = seat === mover ? moving : seat1;
      const action = pick(legalActions(last(from.recorder).G, seat.playerID));
      if (!action) throw new Error(`no such step for seat ${seat.playerID}`);
      expect(isPrivateStep(action.type)).toBe(true);
      return play(from, seat, action, seat === mover ? [moving, moverTab] : [seat1]);
    };
    const first = (type: Action['type']) => (actions: Action[]) => actions.find((a) => a.type === type);
    const lastOf = (type: Action['type']) => (actions: Action[]) =>
      actions.filter((a) => a.type === type).at(-1);
    const undo = (type: 'undo' | 'restart') => () => ({ type }) as Action;

    const syncsBefore = [await freshSync(matchID, null), await freshSync(matchID, other)];
    const marks = all.map((s) => s.recorder.messages.length);

    // Seat 0 takes, places, takes it back, places elsewhere, starts over, and builds again; seat 1
    // makes steps of its own meanwhile.
    await step(mover, first('takeTile'));
    await step(other, first('takeTile'));
    await step(mover, first('placeTile'));
    await step(mover, undo('undo'));
    await step(mover, lastOf('placeTile'));
    await step(other, first('placeTile'));
    await step(mover, undo('restart'));
    await step(mover, lastOf('takeTile'));
    await step(mover, first('placeTile'));
    // Then whatever else the turn offers (a choice to resolve, a power, a rover to move), a few
    // steps at least, until it may be confirmed.
    for (let k = 0; k < 12; k++) {
      const actions = legalActions(last(moving.recorder).G, mover.playerID);
      if (k >= 3 && actions.some((a) => a.type === 'confirm')) break;
      const next = ['resolve', 'useAbility', 'moveRover']
        .map((t) => actions.find((a) => a.type === t))
        .find((a) => a !== undefined);
      if (!next) break;
      await step(mover, () => next);
    }
    await new Promise((r) => setTimeout(r, 200)); // anything stray would have come by now

    // The mover's sockets got every one of its steps, by name; nothing of seat 1's.
    for (const s of [moving, moverTab]) {
      const { entries, states } = sentSince(s.recorder, marks[all.indexOf(s)]);
      expect(entries.filter((e) => e.action.payload.playerID === '0')).toHaveLength(moverSteps);
      expect(othersSteps(entries, '0')).toEqual([]);
      expect(states.every((st) => st.ctx.numMoves === 0)).toBe(true);
    }
    // Seat 1 got its own two steps and nothing else; the spectator nothing at all.
    const toSeat1 = sentSince(seat1.recorder, marks[2]);
    expect(toSeat1.states).toHaveLength(2);
    expect(toSeat1.entries.map((e) => [e.action.payload.playerID, e.action.payload.type])).toEqual([
      ['1', 'takeTile'],
      ['1', 'placeTile'],
    ]);
    // Its ids count its own steps only, and its move counters nothing.
    expect(idsStepByOne([...seat1.recorder.states().slice(0, 1), ...toSeat1.states] as Sent[])).toBe(true);
    expect(toSeat1.states.map((st) => st.ctx.numMoves)).toEqual([0, 0]);
    expect(
      toSeat1.states.every((st) => Object.values(st.ctx._activePlayersNumMoves ?? {}).every((n) => n === 0)),
    ).toBe(true);
    expect(watching.recorder.messages.slice(marks[3]).filter((m) => m.event !== 'matchData')).toEqual([]);

    // A fresh sync now is the one before the steps: the spectator's exactly, seat 1's with its own
    // two steps added, just as its socket was told them.
    const [spectatorAfter, seat1After] = [await freshSync(matchID, null), await freshSync(matchID, other)];
    expect(spectatorAfter.state).toEqual(syncsBefore[0]!.state);
    expect(spectatorAfter.log).toEqual(syncsBefore[0]!.log);
    expect(seat1After.log).toEqual([...syncsBefore[1]!.log, ...toSeat1.entries]);
    expect(seat1After.state).toEqual(toSeat1.states.at(-1));

    // Confirming is public: one update each, one id on, naming only the confirmation.
    const confirm = legalActions(last(moving.recorder).G, '0').find((a) => a.type === 'confirm') as Action;
    expect(confirm).toBeDefined();
    const beforeConfirm = all.map((s) => s.recorder.messages.length);
    await play(moving, mover, confirm, all);
    for (const [i, s] of all.entries()) {
      const { entries, states } = sentSince(s.recorder, beforeConfirm[i]);
      expect(states).toHaveLength(1);
      expect(entries.map((e) => e.action.payload.type)).toEqual(['confirm']);
      expect(states[0]!.ctx.numMoves).toBe(0);
    }
    for (const s of [seat1, watching])
      expect(idsStepByOne(s.recorder.states() as unknown as Sent[])).toBe(true);
    // The spectator's messages, all of them, hold no step's name.
    const text = JSON.stringify(watching.recorder.messages);
    for (const name of STEP_NAMES) expect(text).not.toContain(`"${name}"`);
    for (const s of [seat1, watching])
      expect(othersSteps(sentSince(s.recorder).entries, s.recorder.viewer)).toEqual([]);

    for (const s of all) s.raw.close();
  });

  it('a two-seat match goes on from round to round, each client in step with the server', async () => {
    const matchID = await createMatch(server.url, { numPlayers: 2 });
    const seats = [await joinSeat(server.url, matchID, '0'), await joinSeat(server.url, matchID, '1')];
    const watcher = new Player(server.url, matchID, null);
    const players = seats.map((seat) => new Player(server.url, matchID, seat));
    const clients = [watcher, ...players];
    const recorders = clients.map((c) => new Recorder(c.seat?.playerID ?? null, socketOf(c)));
    try {
      await Promise.all(clients.map((c) => c.synced()));
      await playRandomly(players, watcher, () => (watcher.G?.round ?? 1) >= 3, { seed: 'steps' });
      // Both seats made steps; each socket heard of none of the other seat's.
      for (const r of recorders) {
        const { entries, states } = sentSince(r);
        expect(othersSteps(entries, r.viewer)).toEqual([]);
        expect(idsStepByOne(states)).toBe(true);
        expect(states.every((s) => s.ctx.numMoves === 0)).toBe(true);
        if (r.viewer !== null) expect(entries.some((e) => isPrivateStep(e.action.payload.type))).toBe(true);
      }
      // Every client has the state a fresh sync gives its seat: each heard the rounds close.
      for (const c of clients) {
        const fresh = await snapshot(server.url, matchID, c.seat);
        expect(c.stateID).toBe(fresh._stateID);
        expect(c.G).toEqual(fresh.G);
        expect(c.G.round).toBe(3);
      }
      // The spectator's id counts the public moves only: fewer than the seats', which count their own steps.
      for (const p of players) expect(p.stateID).toBeGreaterThan(watcher.stateID);
    } finally {
      for (const c of clients) c.stop();
    }
  });
});
