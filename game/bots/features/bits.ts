/** Bit tricks over the planet's row and column masks (12 bits each). */

/** The number of bits set in a 32-bit integer. */
export function popcount(n: number): number {
  n = n - ((n >> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >> 2) & 0x33333333);
  return (((n + (n >> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
