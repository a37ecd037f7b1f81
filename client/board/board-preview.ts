/**
 * The board a player would start with on another planet or corporation, for the board choice's
 * preview before it is confirmed (R33): the seat's board as it stands at setup, with the chosen
 * planet's printed lifepods and the chosen corporation's rovers. Only drawn, never sent.
 */
import { useSyncExternalStore } from 'react';
import { cellIndex, corporationById, planetById, type PlayerBoard, type PlayerID } from '../../game';

export function previewBoard(base: PlayerBoard, planet: string, corporation: string): PlayerBoard {
  if (base.planet === planet && base.corporation === corporation) return base;
  const planetData = planetById(planet);
  const corp = corporationById(corporation);
  return {
    ...base,
    planet,
    corporation,
    lifepods: planetData.lifepodCells.map(([x, y]) => cellIndex(x, y)).sort((a, b) => a - b),
    rovers: Array.from({ length: corp.roverCount }, (_, id) => ({ id, cell: null, destroyed: false })),
  };
}

/** The pair a seat has selected but not yet sent, so its own board shows it while it chooses. */
export interface BoardPreview {
  player: PlayerID;
  planet: string;
  corporation: string;
  /** Sent already, hidden from the others until every seat has chosen. */
  chosen: boolean;
}

let current: BoardPreview | null = null;
const listeners = new Set<() => void>();

export function setBoardPreview(next: BoardPreview | null): void {
  if (
    current === next ||
    (current &&
      next &&
      current.player === next.player &&
      current.planet === next.planet &&
      current.corporation === next.corporation &&
      current.chosen === next.chosen)
  )
    return;
  current = next;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The selection `player` is previewing, or null. */
export function useBoardPreview(player: PlayerID): BoardPreview | null {
  const preview = useSyncExternalStore(subscribe, () => current);
  return preview && preview.player === player ? preview : null;
}
