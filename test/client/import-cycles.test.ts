/**
 * No module of the client imports itself through others: shared types live in leaf modules
 * (client/table/interaction.ts) so the controls and the views that show them never import each
 * other in a circle. Every import counts, type-only and lazy ones too; TypeScript's own scanner
 * reads the import lines (test/support/import-graph.ts).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlesIn, importCycles, importGraph } from '../support/import-graph';

const CLIENT = resolve(__dirname, '../../client');

describe('client imports', () => {
  it('finds a circle of imports when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(importCycles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
  });

  it('has no module that imports itself through others', () => {
    const graph = importGraph(CLIENT);
    expect(graph.size).toBeGreaterThan(50);
    expect(circlesIn(CLIENT, graph)).toEqual([]);
  });
});
