/** Match options as boardgame.io's setupData: validated with a clear message for anything wrong. */
import type { BoardsMode, EventMix, MatchOptions, SeatSetup } from './core/types';
import { EVENTS, SYMMETRIC_CORPORATION, SYMMETRIC_PLANET, corporationById, planetById } from './data';
import { PLAYABLE_CORPORATIONS } from './content/corporations';
import { PLAYABLE_PLANETS } from './content/planets';
import { type TimeControl, timeControlError } from './time-control';

export interface SetupData {
  /** Planet and corporation per seat (nothing else); the symmetric faces by default. */
  seats?: Partial<SeatSetup>[];
  /** Two players: the station turns by itself (on by default, §7.1). */
  twoPlayerVariant?: boolean;
  /** The event deck: a preset name or a custom mix of 20 (§7.3.1, R27); always used in solo (R19). */
  events?: EventPreset | EventMix | null;
  /** Multiplayer: each player keeps one of two private objectives (§7.2). Always on in solo. */
  privateObjectives?: boolean;
  /**
   * How planets and corporations reach the seats (R33): the symmetric sides for all (default), a
   * dealt planet and a dealt corporation whose sides each player chooses, or any planet and any
   * corporation each player picks. A planet or corporation named in `seats` is fixed and never
   * dealt to another seat; with `dealt`, `seats` may not name one asymmetric board twice.
   */
  boards?: BoardsMode;
  /** Online: each seat's clock (game/time-control.ts); no clock without it. */
  timeControl?: TimeControl;
}

export const BOARDS_MODES: readonly BoardsMode[] = ['symmetric', 'dealt', 'free'];

/** The named event decks (R27), green / orange / red. */
export const EVENT_PRESETS = {
  cadet: { green: 12, orange: 6, red: 2 },
  standard: { green: 7, orange: 7, red: 6 },
  veteran: { green: 4, orange: 6, red: 10 },
  nightmare: { green: 0, orange: 5, red: 15 },
} as const satisfies Record<string, EventMix>;

export type EventPreset = keyof typeof EVENT_PRESETS;

export const EVENT_DECK_SIZE = 20;

/** Cards of each colour available: solo keeps the solo-only cards, multiplayer removes them (R19, R20). */
export function eventPools(numPlayers: number): EventMix {
  const pool = EVENTS.filter((e) => numPlayers === 1 || !e.soloOnly);
  const count = (color: string) => pool.filter((e) => e.color === color).length;
  return { green: count('green'), orange: count('orange'), red: count('red') };
}

/** The mix named by an option, or why it cannot be built. */
export function eventMixFrom(
  value: unknown,
  numPlayers: number,
): { mix: EventMix; preset: string | null } | string {
  let mix: EventMix;
  let preset: string | null = null;
  if (typeof value === 'string') {
    if (!(value in EVENT_PRESETS))
      return `events must be one of ${Object.keys(EVENT_PRESETS).join(', ')}, or a mix {green, orange, red}.`;
    preset = value;
    mix = { ...EVENT_PRESETS[value as EventPreset] };
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    for (const key of Object.keys(v))
      if (!['green', 'orange', 'red'].includes(key)) return `events: unknown colour "${key}".`;
    const n = (k: string) => v[k] ?? 0;
    if (![n('green'), n('orange'), n('red')].every((x) => Number.isInteger(x) && (x as number) >= 0))
      return 'events: each colour count must be a whole number, 0 or more.';
    mix = { green: n('green') as number, orange: n('orange') as number, red: n('red') as number };
  } else {
    return 'events must be a preset name or a mix {green, orange, red}.';
  }
  const total = mix.green + mix.orange + mix.red;
  if (total !== EVENT_DECK_SIZE)
    return `The event deck holds exactly ${EVENT_DECK_SIZE} cards; this mix has ${total}.`;
  const pools = eventPools(numPlayers);
  for (const color of ['green', 'orange', 'red'] as const) {
    if (mix[color] > pools[color])
      return `Only ${pools[color]} ${color} event cards are available${numPlayers > 1 ? ' in multiplayer (solo-only cards removed)' : ''}; the mix asks for ${mix[color]}.`;
  }
  return { mix, preset };
}

// `bots` and `timeControl` are the server's (online matches), and so is `clock`, its record of the
// clocks, which it refuses from clients (server/http.ts); the game's setup reads none of them.
const KNOWN_KEYS = new Set([
  'seats',
  'twoPlayerVariant',
  'events',
  'privateObjectives',
  'boards',
  'bots',
  'timeControl',
  'clock',
]);

/** Why the setup data is invalid, or null. */
export function validateSetupData(data: unknown, numPlayers: number): string | null {
  if (!Number.isInteger(numPlayers) || numPlayers < 1 || numPlayers > 6)
    return 'Planet Unknown is for 1 to 6 players.';
  if (data === undefined || data === null) return null;
  if (typeof data !== 'object' || Array.isArray(data)) return 'setupData must be an object.';
  const d = data as Record<string, unknown>;
  for (const key of Object.keys(d)) if (!KNOWN_KEYS.has(key)) return `Unknown option "${key}".`;
  if (d.twoPlayerVariant !== undefined && typeof d.twoPlayerVariant !== 'boolean')
    return 'twoPlayerVariant must be true or false.';
  if (d.privateObjectives !== undefined && typeof d.privateObjectives !== 'boolean')
    return 'privateObjectives must be true or false.';
  const clockWhy = timeControlError(d.timeControl);
  if (clockWhy) return clockWhy;
  if (d.boards !== undefined && !BOARDS_MODES.includes(d.boards as BoardsMode))
    return `boards must be one of: ${BOARDS_MODES.join(', ')}.`;
  if (d.events !== undefined && d.events !== null) {
    const mix = eventMixFrom(d.events, numPlayers);
    if (typeof mix === 'string') return mix;
  } else if (d.events === null && numPlayers === 1) {
    return 'Solo always plays with the event deck (R19): choose a preset or a mix.';
  }
  if (d.seats !== undefined) {
    if (!Array.isArray(d.seats) || d.seats.length > numPlayers)
      return `seats must be a list of at most ${numPlayers} entries.`;
    for (const [i, seat] of d.seats.entries()) {
      if (typeof seat !== 'object' || seat === null || Array.isArray(seat))
        return `seats[${i}] must be an object.`;
      const s = seat as Record<string, unknown>;
      // Only what the match needs is stored: a seat names its planet and its corporation, nothing else.
      for (const key of Object.keys(s))
        if (!SEAT_KEYS.has(key))
          return `seats[${i}] may name only a planet and a corporation; "${key}" is not allowed.`;
      if (s.planet !== undefined && !PLAYABLE_PLANETS.includes(s.planet as string))
        return `seats[${i}].planet must be one of: ${PLAYABLE_PLANETS.join(', ')}.`;
      if (s.corporation !== undefined && !PLAYABLE_CORPORATIONS.includes(s.corporation as string))
        return `seats[${i}].corporation must be one of: ${PLAYABLE_CORPORATIONS.join(', ')}.`;
    }
    if (d.boards === 'dealt') {
      const seats = d.seats as Partial<SeatSetup>[];
      const repeated = repeatedAsymmetric(seats, 'planet') ?? repeatedAsymmetric(seats, 'corporation');
      if (repeated) return repeated;
    }
  }
  return null;
}

const SEAT_KEYS = new Set(['planet', 'corporation']);

/**
 * With `dealt`, each asymmetric planet and corporation goes to one seat at most (R33): why two seats
 * of a valid `seats` list name the same one, or null. The symmetric sides may repeat.
 */
function repeatedAsymmetric(seats: Partial<SeatSetup>[], part: keyof SeatSetup): string | null {
  const first = new Map<string, number>();
  for (const [i, seat] of seats.entries()) {
    const id = seat[part];
    if (id === undefined) continue;
    const side = part === 'planet' ? planetById(id).side : corporationById(id).side;
    if (side === 'symmetric') continue;
    const earlier = first.get(id);
    if (earlier !== undefined)
      return `seats[${earlier}] and seats[${i}] both name the ${part} ${id}: with boards "dealt" each asymmetric ${part} goes to one seat at most (R33).`;
    first.set(id, i);
  }
  return null;
}

export function matchOptionsFrom(numPlayers: number, data: SetupData | undefined): MatchOptions {
  const why = validateSetupData(data, numPlayers);
  if (why) throw new Error(why);
  const seats: SeatSetup[] = Array.from({ length: numPlayers }, (_, i) => ({
    planet: data?.seats?.[i]?.planet ?? SYMMETRIC_PLANET,
    corporation: data?.seats?.[i]?.corporation ?? SYMMETRIC_CORPORATION,
  }));
  // Solo always turns by itself; two players do with the variant, on by default (§3.3, §7.1).
  const autoRotate = numPlayers === 1 || (numPlayers === 2 && data?.twoPlayerVariant !== false);
  // Solo always has events (R19), Standard unless chosen.
  const eventsOption = data?.events ?? (numPlayers === 1 ? 'standard' : null);
  const built = eventsOption === null ? null : eventMixFrom(eventsOption, numPlayers);
  const events = built && typeof built !== 'string' ? { ...built.mix, preset: built.preset } : null;
  const privateObjectives = numPlayers === 1 || data?.privateObjectives === true;
  // A planet or corporation named in `seats` is fixed; the others reach their seats as `boards` says (R33).
  const boards = data?.boards ?? 'symmetric';
  const open = (part: keyof SeatSetup) =>
    boards === 'symmetric' ? [] : seats.flatMap((_, i) => (data?.seats?.[i]?.[part] ? [] : [i]));
  return {
    autoRotate,
    seats,
    events,
    privateObjectives,
    boards,
    choosing: open('planet'),
    choosingCorporation: open('corporation'),
  };
}
