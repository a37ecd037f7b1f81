/**
 * The options a table is created with, as the forms hold them, and the setupData they become.
 * One builder for local tables and online matches so both offer the same choices.
 */
import type { BotLevel } from '../../game/bots/levels';
import { EVENT_PRESETS, type EventPreset, type SetupData } from '../../game/setup-data';

export const EVENT_PRESET_NAMES = Object.keys(EVENT_PRESETS) as EventPreset[];

export interface OptionsForm {
  /** A preset name, or 'none' for no event deck (not offered in solo: R19). */
  events: EventPreset | 'none';
  privateObjectives: boolean;
  /** Only asked with two players (§7.1). */
  twoPlayerVariant: boolean;
}

export const DEFAULT_OPTIONS: OptionsForm = {
  events: 'none',
  privateObjectives: false,
  twoPlayerVariant: true,
};

/** The setupData for a table of `players`: only what applies to that count is sent. */
export function setupDataFrom(form: OptionsForm, players: number): SetupData {
  const data: SetupData = {};
  if (players === 1) {
    // Solo always plays with events (Standard unless chosen) and private objectives (R19, §7.4).
    data.events = form.events === 'none' ? 'standard' : form.events;
    return data;
  }
  data.events = form.events === 'none' ? null : form.events;
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
): ServerSetupData {
  const data: ServerSetupData = setupDataFrom(form, players);
  const bots: Record<string, BotLevel> = {};
  seats.slice(0, players - 1).forEach((level, i) => {
    if (level) bots[String(i + 1)] = level;
  });
  if (Object.keys(bots).length > 0) data.bots = bots;
  return data;
}
