/**
 * The commander's rotation in progress, shared by the rotate controls (buttons) and the drawn
 * station (drag, click a depot): the station shows the proposed orientation, animated, until the
 * commander confirms it, which sends the legal `rotate` action.
 */
import { useSyncExternalStore } from 'react';
import type { Action, PlayerID, StackSide } from '../../game';
import type { TakeChoice } from './take-choices';

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

/**
 * The viewing player's take step, shared by the tile picker (which has the legal actions) and the
 * drawn station, whose depot in front of the viewer then offers its two tiles as buttons.
 */
export interface TakeCommand {
  player: PlayerID;
  choices: readonly TakeChoice[];
  take(stack: StackSide): void;
}

let currentTake: TakeCommand | null = null;
const takeListeners = new Set<() => void>();

export function setTakeCommand(command: TakeCommand | null): void {
  currentTake = command;
  for (const l of takeListeners) l();
}

const subscribeTake = (listener: () => void) => {
  takeListeners.add(listener);
  return () => takeListeners.delete(listener);
};

export const useTakeCommand = (): TakeCommand | null =>
  useSyncExternalStore(
    subscribeTake,
    () => currentTake,
    () => null,
  );
