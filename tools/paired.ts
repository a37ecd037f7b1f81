/**
 * Paired differences of two bots on the same deals (common random numbers): their mean and the
 * half-width of its 95% interval (normal approximation; infinite with fewer than two deals).
 */
export function pairedInterval(diffs: readonly number[]): { mean: number; half: number } {
  const n = diffs.length;
  const mean = diffs.reduce((x, y) => x + y, 0) / Math.max(1, n);
  const sd = Math.sqrt(diffs.reduce((x, y) => x + (y - mean) ** 2, 0) / Math.max(1, n - 1));
  return { mean, half: n > 1 ? (1.96 * sd) / Math.sqrt(n) : Infinity };
}
