/**
 * What the acting player's controls hand to the planet's views (the table, the drawn canvas, the
 * ghost's status): types only, importing no component, so the controls and the views that show them
 * depend on this module and never on each other.
 */
import type { CellIndex, Placement, Reason } from '../../game';
import type { Ghost } from './ghost';
import type { PlacementPreview } from './preview';

/** A square the player can click now, and what clicking it does in words. */
export interface CellMark {
  label: string;
  /** Clicking sends a legal action (tests click these). */
  legal: boolean;
  /** The data-action of a legal square: `place` or `resolve`. */
  action?: string;
}

/** What the planet does while the player acts on it: clickable squares and what is drawn on top. */
export interface GridInteraction {
  marks: Map<CellIndex, CellMark>;
  /** Every square is clickable (placement: illegal spots explain why). */
  allClickable?: boolean;
  onCell(x: number, y: number): void;
  onHover?(cell: CellIndex | null): void;
  /** Squares to outline, e.g. the footprint under the pointer. */
  preview?: { cells: Set<CellIndex>; ok: boolean };
  /** A tile being placed: the ghost the drawn planet shows and the keyboard moves. */
  ghost?: GhostControls;
  /** Rover moves: reachable squares and paths, drawn on the planet. */
  rover?: RoverReach;
}

/** A tile being placed: the round's tile, or one a civ card lets you take from the depot. */
export interface PlacementTask {
  tileId: number;
  /** Legal placements in canonical orientations, as the engine lists them. */
  placements: Placement[];
  place(p: Placement): void;
  /** What the placement is for, in the player's language (the picker's legend). */
  purpose: string;
  /** The ghost tile the canvas and the keyboard move; absent only for a task built elsewhere. */
  ghost?: GhostControls;
}

/** The ghost of the tile being placed, with what it would do where it stands. */
export interface GhostControls {
  tileId: number;
  at: Ghost;
  /** The spot is legal for the current orientation. */
  fits: boolean;
  /** Why the spot is not legal: the engine's refusal (the client's own words if the view cannot tell); null when it fits. */
  reason: Reason | string | null;
  /** Legal top-left corners for the current orientation, as cell indices. */
  anchors: Set<CellIndex>;
  /** What the placement would do; null when it does not fit or cannot be previewed. */
  preview: PlacementPreview | null;
  rotate(direction: 1 | -1): void;
  flip(): void;
  nudge(dx: number, dy: number): void;
  moveTo(x: number, y: number): void;
  /** Place the tile where the ghost stands if legal, else explain why not. */
  confirm(): void;
}

/** Rover moves shown on the planet: reachable squares and the path to each. */
export interface RoverReach {
  rover: number;
  from: CellIndex;
  /** Each reachable square with the steps leading there, shortest first. */
  paths: Map<CellIndex, [number, number][]>;
  move(cell: CellIndex): void;
  /**
   * The square whose path is shown before moving there, without a mouse hovering: a touch's first
   * tap, or the keyboard focus on a reachable square. Null when none.
   */
  target: CellIndex | null;
  /** Show the path to a reachable square (null hides it). */
  preview(cell: CellIndex | null): void;
  /** The rovers that can move now, and choosing which one the planet moves. */
  rovers: number[];
  choose(rover: number): void;
}
