/** A small seeded generator for bots and tools, so a run is reproducible from its seed. */
export interface Rng {
  next(): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
}

/** Hash a string seed to 32 bits (FNV-1a). */
function hashSeed(seed: string | number): number {
  let h = 0x811c9dc5;
  for (const ch of String(seed)) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * One step of mulberry32 from a 32-bit state: a value in [0, 1) and the state after it. The game
 * keeps such a state in its hidden part for the draws made during play (`HiddenState.drawState`).
 */
export function mulberry32(state: number): { value: number; state: number } {
  const a = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, state: a };
}

/** mulberry32: fast, and good enough for choosing moves. */
export function createRng(seed: string | number): Rng {
  let a = hashSeed(seed);
  const next = () => {
    const step = mulberry32(a);
    a = step.state;
    return step.value;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (items) => {
      if (items.length === 0) throw new Error('Nothing to pick from.');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
  };
}
