/**
 * The player's preferences, kept in this browser (localStorage): board scale, animation speed,
 * a confirm timer, sounds, a stronger symbol overlay for colour-blind players and turn notifications.
 *
 * Only the values the player chose are stored; the rest come from the defaults, so a default that
 * depends on the device (animations off under `prefers-reduced-motion`) follows the device until
 * the player picks a value. A stored value that is not one of the allowed ones is ignored.
 */
import { useSyncExternalStore } from 'react';

export type AnimationSpeed = 'off' | 'normal' | 'fast';
export type ConfirmTimer = 0 | 5 | 10 | 20;

export interface Preferences {
  /** The planet's size as a percentage of its fitted size: one of `BOARD_SCALES`. */
  boardScale: number;
  animationSpeed: AnimationSpeed;
  /** Seconds before a confirmable turn confirms by itself; 0 is off. */
  confirmTimer: ConfirmTimer;
  sounds: boolean;
  strongSymbols: boolean;
  /** A system notification when it becomes your turn in an online match while the page is hidden. */
  turnNotifications: boolean;
}

export type PreferenceKey = keyof Preferences;

export const BOARD_SCALES = [80, 90, 100, 110, 120, 130] as const;
export const ANIMATION_SPEEDS = ['off', 'normal', 'fast'] as const satisfies readonly AnimationSpeed[];
export const CONFIRM_TIMERS = [0, 5, 10, 20] as const satisfies readonly ConfirmTimer[];

export const STORAGE_KEY = 'pu.preferences';
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const oneOf =
  <T>(allowed: readonly T[]) =>
  (value: unknown): value is T =>
    allowed.includes(value as T);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

const VALID: { [K in PreferenceKey]: (value: unknown) => value is Preferences[K] } = {
  boardScale: oneOf<number>(BOARD_SCALES),
  animationSpeed: oneOf<AnimationSpeed>(ANIMATION_SPEEDS),
  confirmTimer: oneOf<ConfirmTimer>(CONFIRM_TIMERS),
  sounds: isBoolean,
  strongSymbols: isBoolean,
  turnNotifications: isBoolean,
};

const KEYS = Object.keys(VALID) as PreferenceKey[];

export function prefersReducedMotion(): boolean {
  try {
    return globalThis.matchMedia?.(REDUCED_MOTION).matches ?? false;
  } catch {
    return false;
  }
}

/** The defaults on this device: everything off but a normal speed, unless motion is reduced. */
function defaultPreferences(): Preferences {
  return {
    boardScale: 100,
    animationSpeed: prefersReducedMotion() ? 'off' : 'normal',
    confirmTimer: 0,
    sounds: false,
    strongSymbols: false,
    turnNotifications: false,
  };
}

function readRaw(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null; // Storage blocked (private mode): defaults only.
  }
}

/** The valid entries of what is stored; anything else in it is dropped. */
function parseStored(raw: string | null): Partial<Preferences> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const stored: Partial<Record<PreferenceKey, unknown>> = {};
  for (const key of KEYS) {
    const value = (parsed as Record<string, unknown>)[key];
    if (VALID[key](value)) stored[key] = value;
  }
  return stored as Partial<Preferences>;
}

function writeStored(stored: Partial<Preferences>): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Not kept for the next visit; the change still applies to this page.
  }
}

const readStored = () => parseStored(readRaw());

// The snapshot stays one object while what it is made of (the stored text, the device's motion
// setting) is unchanged, as useSyncExternalStore requires.
let snapshot: { raw: string | null; reducedMotion: boolean; preferences: Preferences } | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of [...listeners]) listener();
}

/** The current preferences (outside React; components use `usePreferences`). */
export function getPreferences(): Preferences {
  const raw = readRaw();
  const reducedMotion = prefersReducedMotion();
  if (snapshot?.raw !== raw || snapshot.reducedMotion !== reducedMotion)
    snapshot = { raw, reducedMotion, preferences: { ...defaultPreferences(), ...parseStored(raw) } };
  return snapshot.preferences;
}

/** Set one preference and keep it; an unknown key or a value not allowed throws and changes nothing. */
export function setPreference<K extends PreferenceKey>(key: K, value: Preferences[K]): void {
  if (!Object.hasOwn(VALID, key)) throw new Error(`Unknown preference "${String(key)}"`);
  if (!VALID[key](value)) throw new Error(`Preference "${key}" cannot be ${JSON.stringify(value)}`);
  writeStored({ ...readStored(), [key]: value });
  changed();
}

/** Forget every choice: back to this device's defaults. */
export function resetPreferences(): void {
  try {
    globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored to forget.
  }
  changed();
}

const onStorage = (event: StorageEvent) => {
  if (event.key === null || event.key === STORAGE_KEY) changed(); // Another tab changed them.
};

/** Subscribe to changes (here, in another tab, or of the device's reduced-motion setting). */
function subscribePreferences(listener: () => void): () => void {
  if (listeners.size === 0) {
    globalThis.addEventListener?.('storage', onStorage);
    motionQuery()?.addEventListener?.('change', changed);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      globalThis.removeEventListener?.('storage', onStorage);
      motionQuery()?.removeEventListener?.('change', changed);
    }
  };
}

let query: MediaQueryList | null | undefined;
function motionQuery(): MediaQueryList | null {
  if (query === undefined) {
    try {
      query = globalThis.matchMedia?.(REDUCED_MOTION) ?? null;
    } catch {
      query = null;
    }
  }
  return query;
}

/** The preferences, re-rendering when they change. */
export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribePreferences, getPreferences, getPreferences);
}

/** How long animations last relative to normal: 0 (none), 1 or 0.5. */
export function animationFactor(prefs: Pick<Preferences, 'animationSpeed'>): 0 | 0.5 | 1 {
  return prefs.animationSpeed === 'off' ? 0 : prefs.animationSpeed === 'fast' ? 0.5 : 1;
}

/** The board scale as a factor (1 is the fitted size). */
function boardScaleFactor(prefs: Pick<Preferences, 'boardScale'>): number {
  return prefs.boardScale / 100;
}

/**
 * What the table's root carries so plain CSS can follow the preferences: the board scale as the
 * `--board-scale` factor, and `data-animation` / `data-strong-symbols` for rules that depend on them.
 */
export function tablePreferenceAttributes(prefs: Preferences): {
  style: Record<`--${string}`, string>;
  'data-animation': AnimationSpeed;
  'data-strong-symbols': 'true' | 'false';
} {
  return {
    style: { '--board-scale': String(boardScaleFactor(prefs)) },
    'data-animation': prefs.animationSpeed,
    'data-strong-symbols': prefs.strongSymbols ? 'true' : 'false',
  };
}
