/**
 * Which seat a local table shows, and whether the device must be handed over first. Only people
 * are ever on screen: one at a time, and only after a hand-over when several share the device.
 */
import { awaiting, type GameState, type PlayerID, playerView } from '../../game';

export interface SeatChoice {
  /** The person whose view is on screen; null: nobody's, only public information. */
  seat: PlayerID | null;
  /** The seat must confirm they hold the device before their view is shown. */
  handOver: boolean;
  /** People the game waits for now, in seat order. */
  actingPersons: PlayerID[];
}

/**
 * `awaited`: whether the game waits for a seat, read from that seat's own view (another player's
 * view hides what some steps depend on, such as the objectives still to keep).
 */
export function chooseSeat(
  G: GameState,
  persons: readonly PlayerID[],
  awaited: (player: PlayerID) => boolean,
  chosen: PlayerID | null,
  revealed: PlayerID | null,
): SeatChoice {
  const over = G.result !== null;
  const actingPersons = G.playerIDs.filter((p) => persons.includes(p) && awaited(p));
  const isPerson = (p: PlayerID | null): p is PlayerID => p !== null && persons.includes(p);
  let seat: PlayerID | null;
  if (isPerson(chosen) && (over || actingPersons.includes(chosen))) seat = chosen;
  else if (actingPersons.length) seat = actingPersons[0] as PlayerID;
  // Nobody here has anything to do (bots are playing): whoever holds the device keeps their view.
  else if (isPerson(revealed)) seat = revealed;
  else if (persons.length === 1 || over) seat = persons[0] ?? null;
  else seat = null;
  const handOver = persons.length > 1 && !over && seat !== null && revealed !== seat;
  return { seat, handOver, actingPersons };
}

/** Whether the game waits for `player`, from their own view of it. */
export const awaitedIn = (own: GameState | undefined, player: PlayerID): boolean =>
  own !== undefined && awaiting(own)[player] !== undefined;

/**
 * What a shared screen may show while nobody is on it: a person's own view with everything only
 * they may see stripped again (their End Game cards, private objectives, turn in progress), exactly
 * as a spectator sees the game (§9).
 */
export const publicView = (ownView: GameState): GameState => playerView(ownView, null);
