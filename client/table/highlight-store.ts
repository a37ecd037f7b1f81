/**
 * The squares a log entry points at: one player's squares, shown on that player's drawn planet for
 * a few seconds, until another entry is chosen, or until cleared (Escape). One small store outside
 * React, so the log (in a drawer) and the planets (on the table) share it without a common parent.
 */
import { useSyncExternalStore } from 'react';
import type { CellIndex, PlayerID } from '../../game';

export interface Highlight {
  player: PlayerID;
  cells: readonly CellIndex[];
  /** Which choice this is: a new one restarts the planet's attention even on the same squares. */
  serial: number;
}

/** How long a highlight stays before it fades by itself. */
const HIGHLIGHT_MS = 4000;

let current: Highlight | null = null;
let serial = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function publish(next: Highlight | null): void {
  current = next;
  for (const listener of [...listeners]) listener();
}

/** Show `cells` on `player`'s planet, replacing any highlight shown; empty cells clear it. */
export function highlightCells(player: PlayerID, cells: readonly CellIndex[], ms = HIGHLIGHT_MS): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (cells.length === 0) return publish(null);
  serial += 1;
  publish({ player, cells: [...cells], serial });
  const mine = serial;
  timer = setTimeout(() => {
    if (current?.serial === mine) publish(null);
  }, ms);
}

export function clearHighlight(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (current) publish(null);
}

export const getHighlight = (): Highlight | null => current;

function subscribeHighlight(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The highlight shown now, re-rendering when it changes. */
export function useHighlight(): Highlight | null {
  return useSyncExternalStore(subscribeHighlight, getHighlight, getHighlight);
}
