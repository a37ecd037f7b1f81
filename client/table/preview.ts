/**
 * What the engine answers to a candidate action, found by applying it to a copy of the state: its
 * refusal when it is illegal, else the turn's draft after it, so a placement's effects or the square
 * an advance reaches are read from the engine's own result. The engine stays the only judge of the
 * rules: the client never works out a reason, an effect or a tracker's square itself.
 */
import {
  type Action,
  applyAction,
  type Draft,
  type GameState,
  type PlayerID,
  type Reason,
  tileById,
  type Track,
} from '../../game';

/** The engine's answer to an action: why it refuses it, or the draft after it; both null when the view cannot tell. */
export interface ActionTrial {
  refusal: Reason | null;
  draft: Draft | null;
}

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

/** The engine's answer to a placement: why it refuses it, or what it would do; both null when the view cannot tell. */
export interface PlacementOutcome {
  refusal: Reason | null;
  preview: PlacementPreview | null;
}

const UNKNOWN: ActionTrial = { refusal: null, draft: null };

const draftOf = (state: GameState, player: PlayerID): Draft | null =>
  state.private[player]?.turn?.draft ?? null;

/** The engine's answer to one action of the player's turn, tried on a copy of the state. */
export function tryAction(state: GameState, player: PlayerID, action: Action): ActionTrial {
  if (!draftOf(state, player)) return UNKNOWN;
  const copy = JSON.parse(JSON.stringify(state)) as GameState;
  let refusal: Reason | null;
  try {
    refusal = applyAction(copy, player, action);
  } catch {
    // A player's view lacks hidden stacks some actions reveal; no answer rather than a wrong one.
    return UNKNOWN;
  }
  if (refusal) return { refusal, draft: null };
  return { refusal: null, draft: draftOf(copy, player) };
}

// Trials per state and action: the ghost moves and buttons re-render often, the state changes rarely.
const cache = new WeakMap<GameState, Map<string, ActionTrial>>();

/** `tryAction`, remembered for the same state object and action. */
export function cachedTrial(state: GameState, player: PlayerID, action: Action): ActionTrial {
  let byAction = cache.get(state);
  if (!byAction) {
    byAction = new Map();
    cache.set(state, byAction);
  }
  const key = `${player}:${JSON.stringify(action)}`;
  let trial = byAction.get(key);
  if (!trial) {
    trial = tryAction(state, player, action);
    byAction.set(key, trial);
  }
  return trial;
}

/** What a placement the engine accepted does: the draft before and after it compared. */
function placementEffects(before: Draft, after: Draft, tileId: number): PlacementPreview {
  const pendingBefore = new Set(before.pending.map((i) => i.id));
  const added = after.pending.filter((i) => !pendingBefore.has(i.id));
  const advances = added.flatMap((i) =>
    i.kind === 'advance' && i.source === 'tile' ? [{ track: i.track, steps: i.steps }] : [],
  );
  const energy = added.flatMap((i) => (i.kind === 'energy' ? [i.options] : []));
  const hasWater = tileById(tileId).cells.some((c) => c.terrain === 'water' && c.resource);
  const was = before.board;
  const now = after.board;
  return {
    advances,
    energy,
    waterOnIce: hasWater ? advances.some((a) => a.track === 'water') : null,
    meteoriteLands: now.meteorites.some((m) => !was.meteorites.includes(m)),
    // Covering a square destroys what lies on it (§4.5): pods are lost, not collected.
    lifepodsDestroyed: Math.max(0, was.lifepods.length - now.lifepods.length),
    roversDestroyed: now.rovers
      .filter((r) => r.destroyed && !was.rovers.find((b) => b.id === r.id)?.destroyed)
      .map((r) => r.id),
  };
}

function outcomeOf(state: GameState, player: PlayerID, tileId: number, trial: ActionTrial): PlacementOutcome {
  const before = draftOf(state, player);
  if (!trial.draft || !before) return { refusal: trial.refusal, preview: null };
  return { refusal: null, preview: placementEffects(before, trial.draft, tileId) };
}

/** The engine's answer to one placement action (a `placeTile`, or a `resolve` that places a tile). */
export const placementOutcome = (
  state: GameState,
  player: PlayerID,
  tileId: number,
  action: Action,
): PlacementOutcome => outcomeOf(state, player, tileId, tryAction(state, player, action));

/** `placementOutcome`, remembered for the same state object and action. */
export const cachedOutcome = (
  state: GameState,
  player: PlayerID,
  tileId: number,
  action: Action,
): PlacementOutcome => outcomeOf(state, player, tileId, cachedTrial(state, player, action));

/** The preview of one placement action; null if the engine refuses it. */
export const previewPlacement = (
  state: GameState,
  player: PlayerID,
  tileId: number,
  action: Action,
): PlacementPreview | null => placementOutcome(state, player, tileId, action).preview;
