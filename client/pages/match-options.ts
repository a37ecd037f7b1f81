/**
 * The options a table is created with, as the forms hold them, and the setupData they become.
 * One builder for local tables and online matches so both offer the same choices.
 */
import {
  type BoardsMode,
  type BotLevel,
  EVENT_PRESETS,
  type EventMix,
  eventMixFrom,
  type EventPreset,
  type SetupData,
  soloTarget,
  TIME_CONTROL_PRESETS,
  type TimeControlPreset,
  validateSetupData,
} from '../../game';

export const EVENT_PRESET_NAMES = Object.keys(EVENT_PRESETS) as EventPreset[];
export const EVENT_COLORS = ['green', 'orange', 'red'] as const;
/** The clocks an online match may have, none first. */
export const CLOCK_PRESET_NAMES = Object.keys(TIME_CONTROL_PRESETS) as TimeControlPreset[];

export interface OptionsForm {
  /**
   * A preset name, 'custom' for the mix in `custom`, or 'none' for no event deck (not offered in
   * solo: R19).
   */
  events: EventPreset | 'custom' | 'none';
  /** The custom mix (cards of each colour, 20 in all); Standard's until the player changes it. */
  custom?: EventMix;
  privateObjectives: boolean;
  /** Only asked with two players (§7.1). */
  twoPlayerVariant: boolean;
  /** How planets and corporations reach the seats (R33); when absent, `defaultBoards` says. */
  boards?: BoardsMode;
}

/** Solo offers any planet and corporation by default, multiplayer the symmetric sides (R33). */
export const defaultBoards = (players: number): BoardsMode => (players === 1 ? 'free' : 'symmetric');

/** What the custom mix starts from: the Standard deck. */
export const DEFAULT_CUSTOM_MIX: EventMix = { ...EVENT_PRESETS.standard };

export const DEFAULT_OPTIONS: OptionsForm = {
  events: 'none',
  privateObjectives: false,
  twoPlayerVariant: true,
};

/** The event option as setupData holds it: a preset name, a mix, or null for none. */
function eventsOption(form: OptionsForm, players: number): SetupData['events'] {
  if (form.events === 'custom') {
    const { green, orange, red } = form.custom ?? DEFAULT_CUSTOM_MIX;
    return { green, orange, red };
  }
  // Solo always plays with events: Standard unless chosen (R19).
  if (form.events === 'none') return players === 1 ? 'standard' : null;
  return form.events;
}

/** The setupData for a table of `players`: only what applies to that count is sent. */
export function setupDataFrom(form: OptionsForm, players: number): SetupData {
  const data: SetupData = {};
  // Sent only when it is not symmetric, so that symmetric tables keep their plain setupData.
  const boards = form.boards ?? defaultBoards(players);
  if (boards !== 'symmetric') data.boards = boards;
  if (players === 1) {
    // Solo always plays with events and private objectives (R19, §7.4).
    data.events = eventsOption(form, players);
    return data;
  }
  data.events = eventsOption(form, players);
  data.privateObjectives = form.privateObjectives;
  if (players === 2) data.twoPlayerVariant = form.twoPlayerVariant;
  return data;
}

/** What the server reads to seat its bots: seat id → level (docs/server.md, Bots). */
export type ServerSetupData = SetupData & { bots?: Record<string, BotLevel> };

/**
 * An online match's setupData: the options plus the server-side bot seats. `seats` lists every
 * seat after the creator's (seat 0): null keeps it open for a person.
 */
export function onlineSetupData(
  form: OptionsForm,
  players: number,
  seats: readonly (BotLevel | null)[],
  clock: TimeControlPreset = 'none',
): ServerSetupData {
  const data: ServerSetupData = setupDataFrom(form, players);
  const timeControl = TIME_CONTROL_PRESETS[clock];
  if (timeControl) data.timeControl = { ...timeControl };
  const bots: Record<string, BotLevel> = {};
  seats.slice(0, players - 1).forEach((level, i) => {
    if (level) bots[String(i + 1)] = level;
  });
  if (Object.keys(bots).length > 0) data.bots = bots;
  return data;
}

/** Why the options cannot start a table of `players` (the engine's own message), or null. */
export const optionsError = (form: OptionsForm, players: number): string | null =>
  validateSetupData(setupDataFrom(form, players), players);

/** The solo target the chosen deck sets (60 adjusted by its colours, §7.4), or null if no valid deck. */
export function soloTargetFor(form: OptionsForm): number | null {
  const built = eventMixFrom(setupDataFrom(form, 1).events, 1);
  return typeof built === 'string' ? null : soloTarget(built.mix);
}
