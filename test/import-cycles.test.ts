/**
 * No module of the rules (game/) or the server imports itself through others at run time: content
 * never loads the rules modules (hooks receive the core's effects), each corporation board loads
 * only the shared base (game/content/corporation-base.ts) and the list loads the boards. Type-only
 * imports are erased when compiled and so cannot leave a module half loaded; they do not count.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlesIn, importGraph } from './support/import-graph';

describe('game and server imports', () => {
  it.each([
    ['game', 100],
    ['server', 20],
  ])('%s/ has no module that loads itself through others', (folder, atLeast) => {
    const root = resolve(__dirname, '..', folder);
    const graph = importGraph(root, 'runTime');
    expect(graph.size).toBeGreaterThan(atLeast);
    expect(circlesIn(root, graph)).toEqual([]);
  });

  it('a type-only import does not count', () => {
    const game = resolve(__dirname, '../game');
    const graph = importGraph(game, 'runTime');
    const boardRules = graph.get(resolve(game, 'rules/board-rules.ts')) ?? [];
    // board-rules.ts reads only the base's hook type, and the list of boards at run time.
    expect(boardRules).not.toContain(resolve(game, 'content/corporation-base.ts'));
    expect(boardRules).toContain(resolve(game, 'content/corporations.ts'));
  });
});
