/**
 * The commander's rotation in progress, shared by the rotate controls (buttons) and the drawn
 * station (drag, click a depot): the station shows the proposed orientation, animated, until the
 * commander confirms it, which sends the legal `rotate` action.
 */
import { useSyncExternalStore } from 'react';
import type { Action, PlayerID } from '../../game';

export interface StationCommand {
  /** The commander whose controls are on screen. */
  player: PlayerID;
  /** Rotation the commander is trying, before it is sent. */
  proposed: number;
  actions: readonly Action[];
  propose(rotation: number): void;
  /** A gesture that maps to no legal rotation explains itself here. */
  refuse(message: string): void;
}

let current: StationCommand | null = null;
const listeners = new Set<() => void>();

export function setStationCommand(command: StationCommand | null): void {
  current = command;
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useStationCommand = (): StationCommand | null =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
