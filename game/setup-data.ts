/** Match options as boardgame.io's setupData: validated with a clear message for anything wrong. */
import type { MatchOptions, SeatSetup } from './core/types';
import { SYMMETRIC_CORPORATION, SYMMETRIC_PLANET } from './data';
import { PLAYABLE_CORPORATIONS } from './content/corporations';
import { PLAYABLE_PLANETS } from './content/planets';

export interface SetupData {
  /** Planet and corporation per seat; the symmetric faces by default. */
  seats?: Partial<SeatSetup>[];
  /** Two players: the station turns by itself (on by default, §7.1). */
  twoPlayerVariant?: boolean;
}

const KNOWN_KEYS = new Set(['seats', 'twoPlayerVariant', 'bots']);

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
  if (d.seats !== undefined) {
    if (!Array.isArray(d.seats) || d.seats.length > numPlayers)
      return `seats must be a list of at most ${numPlayers} entries.`;
    for (const [i, seat] of d.seats.entries()) {
      if (typeof seat !== 'object' || seat === null) return `seats[${i}] must be an object.`;
      const s = seat as Record<string, unknown>;
      if (s.planet !== undefined && !PLAYABLE_PLANETS.includes(s.planet as string))
        return `seats[${i}].planet must be one of: ${PLAYABLE_PLANETS.join(', ')}.`;
      if (s.corporation !== undefined && !PLAYABLE_CORPORATIONS.includes(s.corporation as string))
        return `seats[${i}].corporation must be one of: ${PLAYABLE_CORPORATIONS.join(', ')}.`;
    }
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
  return { autoRotate, seats };
}
