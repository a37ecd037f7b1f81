/**
 * What a candidate placement would do, found by applying it to a copy of the state through the
 * engine and comparing the draft before and after: the engine stays the only judge of the rules.
 */
import type { Action, GameState, PlayerBoard, PlayerID, Track } from '../../game/core/types';
import { applyAction } from '../../game/engine';
import { tileById } from '../../game/data';

export interface PlacementPreview {
  /** Tracker gains the placement adds to the pending list. */
  advances: { track: Track; steps: number }[];
  /** Energy squares: the tracks each may advance. */
  energy: Track[][];
  /** null when the tile has no water resource; else whether it lands on ice and counts (§4.7). */
  waterOnIce: boolean | null;
  /** The tile's meteorite lands on the planet. */
  meteoriteLands: boolean;
  lifepodsDestroyed: number;
  roversDestroyed: number[];
}

const boardOf = (state: GameState, player: PlayerID): PlayerBoard | null =>
  state.private[player]?.turn?.draft.board ?? null;

// Previews per state and action: the ghost moves often, the state rarely.
const cache = new WeakMap<GameState, Map<string, PlacementPreview | null>>();

/** `previewPlacement`, remembered for the same state object and action. */
export function cachedPreview(
  state: GameState,
  player: PlayerID,
  tileId: number,
  action: Action,
): PlacementPreview | null {
  let byAction = cache.get(state);
  if (!byAction) {
    byAction = new Map();
    cache.set(state, byAction);
  }
  const key = `${player}:${tileId}:${JSON.stringify(action)}`;
  if (!byAction.has(key)) byAction.set(key, previewPlacement(state, player, tileId, action));
  return byAction.get(key) ?? null;
}

/** The preview of one action (a `placeTile`, or a `resolve` that places a tile); null if the engine refuses it. */
export function previewPlacement(
  state: GameState,
  player: PlayerID,
  tileId: number,
  action: Action,
): PlacementPreview | null {
  const before = boardOf(state, player);
  if (!before) return null;
  const copy = JSON.parse(JSON.stringify(state)) as GameState;
  const pendingBefore = new Set((copy.private[player]?.turn?.draft.pending ?? []).map((i) => i.id));
  let why: string | null;
  try {
    why = applyAction(copy, player, action);
  } catch {
    // A player's view lacks hidden stacks some placements reveal; no preview rather than a wrong one.
    return null;
  }
  if (why) return null;
  const draft = copy.private[player]?.turn?.draft;
  if (!draft) return null;
  const after = draft.board;
  const added = draft.pending.filter((i) => !pendingBefore.has(i.id));
  const advances = added.flatMap((i) =>
    i.kind === 'advance' && i.source === 'tile' ? [{ track: i.track, steps: i.steps }] : [],
  );
  const energy = added.flatMap((i) => (i.kind === 'energy' ? [i.options] : []));
  const tile = tileById(tileId);
  const hasWater = tile.cells.some((c) => c.terrain === 'water' && c.resource);
  const meteoriteLands = after.meteorites.some((m) => !before.meteorites.includes(m));
  return {
    advances,
    energy,
    waterOnIce: hasWater ? advances.some((a) => a.track === 'water') : null,
    meteoriteLands,
    // Covering a square destroys what lies on it (§4.5): pods are lost, not collected.
    lifepodsDestroyed: Math.max(0, before.lifepods.length - after.lifepods.length),
    roversDestroyed: after.rovers
      .filter((r) => r.destroyed && !before.rovers.find((b) => b.id === r.id)?.destroyed)
      .map((r) => r.id),
  };
}
