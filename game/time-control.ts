/**
 * Clocks for online matches (docs/server.md, "Clocks"): the match option `timeControl` and the
 * arithmetic of each seat's clock. Time is always passed in (`now`, in ms): nothing here reads a
 * clock, so the server, the client's countdowns and the tests share one set of rules.
 *
 * Every decision a seat owes (its round turn, the commander's rotation, a civ card pick, an
 * objective or board choice) has a deadline: the round time, plus what is left of the seat's bank.
 * Time spent past the round time comes out of the bank. When both run out the seat is away: the
 * server's Pilot plays its decisions, now and later, until its player comes back.
 */
import type { GameState, PlayerID } from './core/types';
import { awaiting } from './rules/stages';

export interface TimeControl {
  /** Time for each decision, in seconds. */
  roundSeconds: number;
  /** Extra time a seat may draw on across the whole game, in seconds. */
  bankSeconds?: number;
}

export const TIME_CONTROL_LIMITS = { minSeconds: 5, maxSeconds: 14 * 24 * 3600 } as const;

/** The presets the create forms offer (null: no clock). */
export const TIME_CONTROL_PRESETS = {
  none: null,
  live: { roundSeconds: 90, bankSeconds: 300 },
  relaxed: { roundSeconds: 600, bankSeconds: 1800 },
  daily: { roundSeconds: 24 * 3600, bankSeconds: 48 * 3600 },
} as const satisfies Record<string, TimeControl | null>;

export type TimeControlPreset = keyof typeof TIME_CONTROL_PRESETS;

/** Why `value` is not a valid `timeControl`, or null. */
export function timeControlError(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const { minSeconds, maxSeconds } = TIME_CONTROL_LIMITS;
  const shape = `timeControl must be { "roundSeconds": ${minSeconds} to ${maxSeconds} } with an optional "bankSeconds" (0 to ${maxSeconds}).`;
  if (typeof value !== 'object' || Array.isArray(value)) return shape;
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v))
    if (key !== 'roundSeconds' && key !== 'bankSeconds')
      return `timeControl: unknown field "${key}". ${shape}`;
  const round = v.roundSeconds;
  if (typeof round !== 'number' || !Number.isInteger(round) || round < minSeconds || round > maxSeconds)
    return `timeControl.roundSeconds must be a whole number of seconds from ${minSeconds} to ${maxSeconds}.`;
  const bank = v.bankSeconds;
  if (
    bank !== undefined &&
    (typeof bank !== 'number' || !Number.isInteger(bank) || bank < 0 || bank > maxSeconds)
  )
    return `timeControl.bankSeconds must be a whole number of seconds from 0 to ${maxSeconds}.`;
  return null;
}

/** A match's time control as its setup data holds it (already checked at creation), or null. */
export function timeControlOf(setupData: unknown): TimeControl | null {
  const tc = (setupData as { timeControl?: unknown } | null | undefined)?.timeControl;
  return tc !== undefined && timeControlError(tc) === null ? (tc as TimeControl) : null;
}

/** One seat's clock. */
export interface SeatClock {
  /** Bank left, in ms. */
  bankMs: number;
  /** What decision the seat owes (`decisionKey`), or null when it owes none. */
  owes: string | null;
  /** Since when it owes it (ms), or null. */
  since: number | null;
  /** When its round time and bank run out (ms), or null when it owes nothing or is away. */
  deadline: number | null;
  /** Its time ran out: the server's bot plays its decisions until its player comes back. */
  away: boolean;
}

/** What the log says of the clocks: a seat ran out of time (the bot plays for it), or came back. */
export interface ClockNote {
  seat: PlayerID;
  kind: 'away' | 'back';
  round: number;
  at: number;
}

/** The clocks of a match, kept by the server with the match's metadata. */
export interface MatchClock {
  startedAt: number;
  seats: Record<PlayerID, SeatClock>;
  notes: ClockNote[];
}

/** The notes kept: the newest ones. */
export const CLOCK_NOTES_KEPT = 100;

/**
 * What a seat owes, as a key: a new key is a new decision (a fresh round time). A round turn is one
 * decision however many steps it takes; so is the commander's rotation; each civ or end-game pick
 * is one.
 */
export function decisionKey(state: GameState, seat: PlayerID): string | null {
  return awaiting(state)[seat] ? keyOfStep(state) : null;
}

/** The key of the decision every awaited seat owes now (`decisionKey`, for them all at once). */
function keyOfStep(state: GameState): string {
  switch (state.step) {
    case 'civ':
    case 'endgame':
      return `${state.round}:${state.step}:${state.queue.length}`;
    case 'boards':
    case 'objectives':
      return state.step;
    default:
      return `${state.round}:${state.step}`;
  }
}

const msOf = (seconds: number | undefined) => (seconds ?? 0) * 1000;

/** What each seat owes now, by `decisionKey` (null: nothing); nothing once the game is over. */
export function decisionKeys(state: GameState): Record<PlayerID, string | null> {
  const owed = state.result ? {} : awaiting(state);
  const key = keyOfStep(state);
  return Object.fromEntries(state.playerIDs.map((p) => [p, owed[p] ? key : null]));
}

/** Whether the clocks already stand as the state says (a step within a decision changes nothing). */
export function clockSettled(clock: MatchClock, state: GameState): boolean {
  const keys = decisionKeys(state);
  return Object.entries(clock.seats).every(([seat, c]) => c.owes === (keys[seat] ?? null));
}

/** Fresh clocks for every seat (the match has just filled), not yet owing anything. */
export function newMatchClock(tc: TimeControl, seats: readonly PlayerID[], now: number): MatchClock {
  return {
    startedAt: now,
    seats: Object.fromEntries(
      seats.map((s) => [
        s,
        { bankMs: msOf(tc.bankSeconds), owes: null, since: null, deadline: null, away: false },
      ]),
    ),
    notes: [],
  };
}

const deadlineOf = (tc: TimeControl, seat: SeatClock, since: number) =>
  seat.away ? null : since + msOf(tc.roundSeconds) + seat.bankMs;

/**
 * Bring the clocks in line with the state: a seat that decided pays what it spent past the round
 * time out of its bank; a seat that now owes a new decision starts its time. Changes `clock` in
 * place; true if anything changed.
 */
export function settleClock(clock: MatchClock, tc: TimeControl, state: GameState, now: number): boolean {
  let changed = false;
  const keys = decisionKeys(state);
  for (const [seat, c] of Object.entries(clock.seats)) {
    const owes = keys[seat] ?? null;
    if (owes === c.owes) continue;
    changed = true;
    if (c.owes !== null && c.since !== null && !c.away) {
      const over = Math.max(0, now - c.since - msOf(tc.roundSeconds));
      c.bankMs = Math.max(0, c.bankMs - over);
    }
    c.owes = owes;
    c.since = owes === null ? null : now;
    c.deadline = owes === null ? null : deadlineOf(tc, c, now);
  }
  return changed;
}

/**
 * Seats whose time and bank ran out by `now`: they become away (their bank spent). `exempt` seats
 * (the server's own bots, which play for themselves) never do.
 */
export function expireClock(
  clock: MatchClock,
  round: number,
  now: number,
  exempt: ReadonlySet<PlayerID> = new Set(),
): PlayerID[] {
  const expired: PlayerID[] = [];
  for (const [seat, c] of Object.entries(clock.seats)) {
    if (c.away || c.deadline === null || c.deadline > now) continue;
    if (exempt.has(seat)) {
      c.deadline = null; // nothing to act on: it decides by itself
      continue;
    }
    c.away = true;
    c.bankMs = 0;
    c.deadline = null;
    expired.push(seat);
    note(clock, { seat, kind: 'away', round, at: now });
  }
  return expired;
}

/**
 * The seat's player is back: its clock runs again, with the round time (and what is left of its
 * bank) for a decision it owes now. False if it was not away.
 */
export function returnToClock(
  clock: MatchClock,
  tc: TimeControl,
  seat: PlayerID,
  round: number,
  now: number,
): boolean {
  const c = clock.seats[seat];
  if (!c?.away) return false;
  c.away = false;
  if (c.owes !== null) {
    c.since = now;
    c.deadline = deadlineOf(tc, c, now);
  }
  note(clock, { seat, kind: 'back', round, at: now });
  return true;
}

/** Away seats that owe a decision now: the bot plays them. */
export function awayOwing(clock: MatchClock): PlayerID[] {
  return Object.entries(clock.seats)
    .filter(([, c]) => c.away && c.owes !== null)
    .map(([seat]) => seat);
}

/** When the server must next look at the match: an away seat owes (now), or the nearest deadline. */
export function nextClockDue(clock: MatchClock): number | null {
  let due: number | null = null;
  for (const c of Object.values(clock.seats)) {
    const at = c.owes === null ? null : c.away ? (c.since ?? 0) : c.deadline;
    if (at !== null && (due === null || at < due)) due = at;
  }
  return due;
}

/** Time a seat has left for what it owes, in ms (0 when it is out), or null when it owes nothing. */
export function timeLeft(c: SeatClock, now: number): number | null {
  if (c.owes === null || c.away || c.deadline === null) return null;
  return Math.max(0, c.deadline - now);
}

function note(clock: MatchClock, entry: ClockNote): void {
  clock.notes.push(entry);
  if (clock.notes.length > CLOCK_NOTES_KEPT) clock.notes.splice(0, clock.notes.length - CLOCK_NOTES_KEPT);
}

/** A match's clock record as its setup data holds it, or null. */
export function matchClockOf(setupData: unknown): MatchClock | null {
  const clock = (setupData as { clock?: unknown } | null | undefined)?.clock;
  if (typeof clock !== 'object' || clock === null) return null;
  const c = clock as Partial<MatchClock>;
  return typeof c.seats === 'object' && c.seats !== null && Array.isArray(c.notes)
    ? (clock as MatchClock)
    : null;
}
