/**
 * What the secrets tests share: every event a socket receives, recorded in order; the secrets of a
 * full (unfiltered) state, as text that must not reach anyone but their owner; and the search of
 * what one socket received for those secrets and for anything a player view must strip (§9).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import type { GameState, PlayerID, PrivateState } from '../../game/core/types';
import { NOTHING_PRIVATE } from '../../game/view';
import { isPrivateStep } from '../../game/game';
import type { Player, Seat } from './support';

export interface StoredState {
  _stateID: number;
  G: GameState;
  ctx: { numPlayers: number };
  plugins: { random?: { data?: { seed?: unknown; prngstate?: Record<string, number> } } };
}

/** The match's initial state as stored: node-persist keeps one JSON file `{ key, value }` per key. */
export function storedInitialState(dataDir: string, matchID: string): StoredState {
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
export interface Secret {
  what: string;
  text: string;
  owner: PlayerID | null;
}

/** Everything secret in one stored state. */
export function secretsOf(state: StoredState, seats: Seat[]): Secret[] {
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
    if (priv.turn) {
      out.push({ what: `seat ${p}'s turn in progress`, text: JSON.stringify(priv.turn), owner: p });
      // Cards a corporation shows its player alone (Republic tech 5's piles, §8.2).
      for (const item of priv.turn.draft.pending)
        if (item.kind === 'corporation' && item.cards)
          out.push({
            what: `seat ${p}'s cards shown by its corporation`,
            text: JSON.stringify(item),
            owner: p,
          });
    }
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
export class Recorder {
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

  /** The states this socket was sent, with syncs and updates, in order. */
  states(): { G: GameState; _stateID: number }[] {
    return this.messages.flatMap(({ event, args }) => {
      if (event === 'sync') return [(args[1] as { state: { G: GameState; _stateID: number } }).state];
      if (event === 'update') return [args[1] as { G: GameState; _stateID: number }];
      return [];
    });
  }
}

export const socketOf = (player: Player): Socket =>
  (player.client as unknown as { transport: { socket: Socket } }).transport.socket;

export interface LogEntry {
  _stateID: number;
  automatic?: boolean;
  action: { type: string; payload: { playerID?: unknown; args?: unknown } };
}

/**
 * The match's log as stored (FlatFile: one JSON line per entry, written before any client is told
 * of the move). A torn line is skipped, as the server does.
 */
export function storedLog(dataDir: string, matchID: string): LogEntry[] {
  const file = join(dataDir, 'logs', `${encodeURIComponent(matchID)}.jsonl`);
  const entries: LogEntry[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    try {
      entries.push(JSON.parse(line) as LogEntry);
    } catch {
      // the end of the file, or a torn line
    }
  }
  return entries;
}

/** Every move of the match in order, arguments included: the first entry logged for each state. */
export function movesOf(log: LogEntry[]): LogEntry[] {
  const moves = new Map<number, LogEntry>();
  for (const e of log)
    if (!e.automatic && e.action.type === 'MAKE_MOVE' && !moves.has(e._stateID)) moves.set(e._stateID, e);
  return [...moves.values()].sort((a, b) => a._stateID - b._stateID);
}

/** The id of the match's newest state: one past its last logged move (0 before any). */
export const newestStateID = (log: LogEntry[]): number => (log.at(-1)?._stateID ?? -1) + 1;

/**
 * The id `viewer` (null: a spectator) is shown for stored state `stateID`: less the private steps
 * of other seats before it, of which it is told nothing (server/step-veil.ts).
 */
export function shownStateID(log: LogEntry[], viewer: PlayerID | null, stateID: number): number {
  const hidden = new Set(
    movesOf(log)
      .filter((e) => e._stateID < stateID && e.action.payload.playerID !== viewer)
      .filter((e) => isPrivateStep(String((e.action.payload as { type?: unknown }).type)))
      .map((e) => e._stateID),
  );
  return stateID - hidden.size;
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
    hidden.eventDeck.length > 0 ||
    // The generator of the draws after set-up (Republic tech 2, §8.2) would tell the next card shown.
    hidden.drawState !== 0
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

/** Where message `i` of a recorder went, in words. */
export const whereOf = (recorder: Recorder, event: string, i: number): string =>
  `${event} #${i} to ${recorder.viewer === null ? 'a spectator' : `seat ${recorder.viewer}`}`;

/** Every leak in what one socket received. */
export function leaks(recorder: Recorder, secrets: Secret[]): string[] {
  const found = new Set<string>();
  const own = secrets
    .filter((s) => s.owner === recorder.viewer)
    .sort((a, b) => b.text.length - a.text.length);
  const others = secrets.filter((s) => s.owner !== recorder.viewer);
  recorder.messages.forEach(({ event, args }, i) => {
    const where = whereOf(recorder, event, i);
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
