/**
 * Where things sit on the drawn station, and how the commander's gestures map to the engine's
 * legal `rotate` actions (§3.3). Slot s is at the top for s = 0 and goes clockwise by 60°; depot d
 * is drawn in slot (d + rotation) mod 6. Which depot a player faces is the rules' (`facingDepot`).
 */
import type { Action } from '../../game';

export const DEPOTS = 6;
export const SLOT_DEGREES = 360 / DEPOTS;

/** The drawn station's size, and where each stack's top tile is drawn: its centre's distance from the hub and its squares' size. */
export const STATION_SIZE = 460;
// As large as a depot's wedge allows (a 3×3 large tile fills the band between ring and rim), so
// the top tiles stay readable on a station drawn under 300 px wide.
export const TILE_RADIUS = { small: 76, large: 163 } as const;
export const TILE_CELL = { small: 21, large: 26 } as const;
/** The slot at the bottom of the drawing, where the viewer's depot is shown. */
export const BOTTOM_SLOT = 3;

export const mod6 = (n: number): number => ((Math.round(n) % DEPOTS) + DEPOTS) % DEPOTS;

/** Angle of a slot in radians, screen coordinates (0 = up, clockwise). */
export const slotAngle = (slot: number): number => ((slot * SLOT_DEGREES - 90) * Math.PI) / 180;

// Per list of legal actions (one list per state): a placement lists thousands of actions, and the
// rotate controls ask on every render, which a ghost moving under the mouse brings every frame.
const rotationsOf = new WeakMap<readonly Action[], readonly number[]>();

/** The rotations the commander may choose now (shared: do not change the list). */
export function legalRotations(actions: readonly Action[]): readonly number[] {
  let rotations = rotationsOf.get(actions);
  if (!rotations) {
    rotations = actions.flatMap((a) => (a.type === 'rotate' ? [a.rotation] : []));
    rotationsOf.set(actions, rotations);
  }
  return rotations;
}

export type RotationRequest =
  | { kind: 'step'; direction: 1 | -1; from: number }
  | { kind: 'drag'; degrees: number; from: number }
  /** Bring a depot in front of the commander: `faces` says which depot they face at a rotation (the rules' answer; null without a commander). */
  | { kind: 'faceDepot'; depot: number; faces(rotation: number): number | null };

/** The rotation a gesture asks for, before legality. */
export function requestedRotation(request: RotationRequest): number {
  switch (request.kind) {
    case 'step':
      return mod6(request.from + request.direction);
    case 'drag':
      return mod6(request.from + Math.round(request.degrees / SLOT_DEGREES));
    case 'faceDepot': {
      const rotation = [0, 1, 2, 3, 4, 5].find((r) => request.faces(r) === request.depot);
      return rotation ?? 0;
    }
  }
}

export type RotationOutcome =
  | { ok: true; action: Extract<Action, { type: 'rotate' }> }
  | { ok: false; reason: 'notCommander' | 'notAllowed'; rotation: number };

/** Map a gesture to one of the legal rotate actions, or say why it cannot be. */
export function rotationFor(request: RotationRequest, actions: readonly Action[]): RotationOutcome {
  const rotation = requestedRotation(request);
  const legal = legalRotations(actions);
  if (legal.length === 0) return { ok: false, reason: 'notCommander', rotation };
  if (!legal.includes(rotation)) return { ok: false, reason: 'notAllowed', rotation };
  return { ok: true, action: { type: 'rotate', rotation } };
}

/** Signed degrees (−180, 180] from angle a to angle b, both in radians: the way a drag turned. */
export function dragDegrees(fromRadians: number, toRadians: number): number {
  let d = ((toRadians - fromRadians) * 180) / Math.PI;
  d = ((d % 360) + 360) % 360;
  return d > 180 ? d - 360 : d;
}

/** Shortest signed turn in slots from one rotation to another, for the animation. */
export function shortestTurn(from: number, to: number): number {
  const d = mod6(to - from);
  return d > DEPOTS / 2 ? d - DEPOTS : d;
}

/** Ease in and out (cubic), t in [0, 1]. */
export const easeInOutCubic = (t: number): number =>
  t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
