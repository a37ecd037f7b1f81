/**
 * The station's depots (§2.2, §9): their public face, the depot a player faces and the tiles it
 * offers them now (§3.5, R4).
 */
import type { Draft, GameState, PlayerID, RoundRule, StackPublic, StackSide, TurnEnv } from '../core/types';
import { STATION } from '../data';
import {
  placementContext,
  restrictionWaivers,
  tileRestrictions,
  type PlacementContext,
  type Waivers,
} from './legality';

function stackPublic(shape: number, stack: number[]): StackPublic {
  return { shape, count: stack.length, top: stack.length ? (stack[stack.length - 1] as number) : null };
}

/** Refresh the public face of the station from the hidden stacks: counts and visible tops (§9). */
export function revealStation(state: GameState): void {
  const { smallShapes, largeShapes } = STATION;
  state.station.depots = largeShapes.map((large, e) => {
    const small = smallShapes[(e + state.station.innerOffset) % 6] as number;
    return {
      small: stackPublic(small, state.hidden.stacks[small] ?? []),
      large: stackPublic(large, state.hidden.stacks[large] ?? []),
    };
  });
}

export function facingDepot(state: GameState, player: PlayerID): number {
  const index = state.playerIDs.indexOf(player);
  const position = state.positions[index] ?? 0;
  return (((position - state.station.rotation) % 6) + 6) % 6;
}

/** The tiles a player may take from their depot now: the visible tops, minus what this draft took. */
export function depotOffer(env: TurnEnv, d: Draft): { stack: StackSide; tileId: number }[] {
  const depot = env.state.station.depots[facingDepot(env.state, env.player)];
  if (!depot) return [];
  const out: { stack: StackSide; tileId: number }[] = [];
  for (const stack of ['small', 'large'] as const) {
    const top = depot[stack].top;
    if (top === null) continue;
    // A second tile from the same stack is hidden until the end of the step (R4): one take per stack.
    if (d.taken?.stack === stack || d.extraTaken.some((t) => t.stack === stack)) continue;
    if (d.removedStack === stack) continue; // event 116 took it out of the station
    out.push({ stack, tileId: top });
  }
  return out;
}

/** The round's tile restrictions in force for this draft, after the waiver (R10). */
export const activeTileRules = (d: Draft): RoundRule[] =>
  d.restrictionWaived ? [] : tileRestrictions(d.rules);

/**
 * The tiles the depot offers now and the board and round rules they are judged by, after R10 lifts
 * the planet's or the event's restriction when it alone leaves none of them a place (§4.8).
 */
export function offerUnderWaivers(
  env: TurnEnv,
  d: Draft,
): { offer: ReturnType<typeof depotOffer>; waivers: Waivers; ctx: PlacementContext; rules: RoundRule[] } {
  const offer = depotOffer(env, d);
  const restrictions = tileRestrictions(d.rules);
  const waivers = restrictionWaivers(
    d.board,
    offer.map((o) => o.tileId),
    restrictions,
  );
  return {
    offer,
    waivers,
    ctx: placementContext(d.board, waivers.planet),
    rules: waivers.event ? [] : restrictions,
  };
}
