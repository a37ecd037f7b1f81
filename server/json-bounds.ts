/**
 * Bounds on the JSON a client sends, checked before anything stores, copies or compares it. A
 * 64 KiB body can nest arrays thousands deep: any recursive walk over it (a deep copy, a
 * comparison, a serializer) then overflows the stack. The walk here keeps its own stack.
 */

export interface JsonBounds {
  /** Deepest nesting of arrays and objects; a scalar at the top is depth 0. */
  maxDepth: number;
  /** Values in all (objects, arrays and scalars). */
  maxValues: number;
}

/** What any request body may be: far more than a real client sends, far less than a stack holds. */
export const BODY_BOUNDS: JsonBounds = { maxDepth: 8, maxValues: 4096 };

/** Why `value` (parsed JSON) is beyond `bounds`, or null. Iterative: depth costs no stack. */
export function jsonBoundsError(value: unknown, bounds: JsonBounds): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  let values = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (++values > bounds.maxValues) return `it holds more than ${bounds.maxValues} values`;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > bounds.maxDepth) return `it nests deeper than ${bounds.maxDepth} levels`;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return null;
}
