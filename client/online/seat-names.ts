/**
 * Seat names on an online match page. Two views of the match metadata reach the page: boardgame.io's
 * `matchData` (sent on connect and whenever a seat connects or disconnects) and the presence route
 * (polled). A rename or a seat handed to a bot changes the metadata without a connection change, so
 * whichever of the two arrived last is the one believed.
 */
import type { Presence } from './lobby';

export interface SeatMeta {
  id: number;
  name?: string;
}

let counter = 0;
const seen = new WeakMap<object, number>();

/** A rising number for the first time this object (a matchData list, a presence answer) was seen. */
function seenAt(o: object): number {
  let n = seen.get(o);
  if (n === undefined) seen.set(o, (n = ++counter));
  return n;
}

const byId = (seats: readonly SeatMeta[]) =>
  Object.fromEntries(seats.map((p) => [String(p.id), p.name])) as Record<string, string | undefined>;

/** Seat id → name (undefined for an empty seat), from the fresher of the two views. */
export function seatNames(
  matchData: readonly SeatMeta[] | undefined,
  presence: Presence | null,
): Record<string, string | undefined> {
  // Both are stamped on every call, so each counts from when it first reached the page; in a tie
  // (both new at once) presence wins.
  const dataSeen = matchData ? seenAt(matchData) : 0;
  const presenceSeen = presence ? seenAt(presence) : 0;
  if (!presence) return byId(matchData ?? []);
  if (!matchData?.length) return byId(presence.players);
  return presenceSeen > dataSeen ? byId(presence.players) : byId(matchData);
}
