/**
 * `JSON.stringify` for match states, byte for byte, from the text of their parts already written
 * (the socket encoder's updates and the checkpoints).
 */
/**
 * The JSON text of the parts of match states already stringified, by object. A move's update is
 * sent as a different player view to each seat, but the views share most of the state (the boards,
 * the station, the log: the same objects, game/view.ts), a step of a turn leaves all of it but the
 * mover's turn as it was (game/game.ts), and the checkpoint is the same state again: each part is
 * stringified once rather than per socket, per move and per checkpoint. Sound because states are never changed in place once made (boardgame.io's reducer and
 * the game's moves make new ones; the tests freeze what moves share); a part leaves the cache with
 * the last state holding it.
 */
const partJSON = new WeakMap<object, string>();

/** How deep into a state's `G` parts are looked up: `G.boards`, then each seat's board. */
const CACHED_DEPTH = 2;

/** `JSON.stringify(value)`, built from the cached text of its parts down to `depth` levels. */
function jsonOf(value: unknown, depth: number): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const cached = partJSON.get(value);
  if (cached !== undefined) return cached;
  const text =
    depth === 0 || Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function'
      ? JSON.stringify(value)
      : objectJSON(value as Record<string, unknown>, (_key, item) => jsonOf(item, depth - 1));
  if (depth < CACHED_DEPTH) partJSON.set(value, text);
  return text;
}

/** An object's JSON from its values' JSON, as `JSON.stringify` writes it (keys without a value left out). */
function objectJSON(
  object: Record<string, unknown>,
  valueJSON: (key: string, value: unknown) => string | undefined,
): string {
  let out = '{';
  for (const key of Object.keys(object)) {
    const text = valueJSON(key, object[key]);
    if (text === undefined) continue;
    out += (out.length > 1 ? ',' : '') + JSON.stringify(key) + ':' + text;
  }
  return out + '}';
}

/** The JSON of a match state: its `G` from cached parts (above), the rest as usual. */
export function stateJSON(state: unknown): string | undefined {
  if (state === null || typeof state !== 'object' || Array.isArray(state) || 'toJSON' in state)
    return JSON.stringify(state);
  return objectJSON(state as Record<string, unknown>, (key, value) =>
    key === 'G' ? jsonOf(value, CACHED_DEPTH) : JSON.stringify(value),
  );
}
