/**
 * What a local table is started with (pass-and-play, against bots, solo), and how it rides in the
 * URL hash so a reload or a shared link starts the same table: `#/local?spec=<base64url JSON>`.
 * The home page builds a spec; the local table reads it. Bad specs are rejected with a reason.
 */
import { type BotLevel, isBotLevel, type SetupData, validateSetupData } from '../../game';

export interface LocalSeat {
  /** Shown on screen; 1–24 characters. */
  name: string;
  /** null: a person on this device; otherwise the bot level that plays this seat. */
  bot: BotLevel | null;
}

export interface LocalSpec {
  seats: LocalSeat[];
  /** Match options, exactly as boardgame.io's setupData. */
  options: SetupData;
  /** Seeded, reproducible tables (tests, shared links); random when absent. */
  seed?: string;
}

/** Why the spec cannot start a table, or null. */
export function localSpecError(spec: unknown): string | null {
  if (!spec || typeof spec !== 'object') return 'The table settings are missing.';
  const s = spec as Partial<LocalSpec>;
  if (!Array.isArray(s.seats) || s.seats.length < 1 || s.seats.length > 6) return 'A table has 1 to 6 seats.';
  for (const seat of s.seats) {
    if (!seat || typeof seat.name !== 'string' || seat.name.trim().length < 1 || seat.name.length > 24)
      return 'Each seat needs a name of 1 to 24 characters.';
    if (seat.bot !== null && !isBotLevel(seat.bot)) return `Unknown bot level "${String(seat.bot)}".`;
  }
  if (!s.seats.some((seat) => seat.bot === null)) return 'At least one seat must be a person.';
  if (s.seed !== undefined && typeof s.seed !== 'string') return 'The seed must be text.';
  return validateSetupData(s.options ?? {}, s.seats.length);
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const fromBase64Url = (code: string) => {
  const binary = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

export const encodeLocalSpec = (spec: LocalSpec): string => toBase64Url(JSON.stringify(spec));

/** The spec in a hash parameter, or the reason it cannot be used. */
export function decodeLocalSpec(code: string): LocalSpec | { error: string } {
  let spec: unknown;
  try {
    spec = JSON.parse(fromBase64Url(code));
  } catch {
    return { error: 'The table link is damaged: its settings cannot be read.' };
  }
  const error = localSpecError(spec);
  return error ? { error } : (spec as LocalSpec);
}

export const localSpecHref = (spec: LocalSpec): string => `#/local?spec=${encodeLocalSpec(spec)}`;
