/**
 * No module of the client imports itself through others: shared types live in leaf modules
 * (client/table/interaction.ts) so the controls and the views that show them never import each
 * other in a circle. Every import counts, type-only and lazy ones too; TypeScript's own scanner
 * reads the import lines.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CLIENT = resolve(__dirname, '../../client');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The file a relative import names (`./x` → `./x.ts`, `./x.tsx` or `./x/index.ts`), or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find(isFile) ?? null;
}

/** Each source file under `root` and the files under `root` it imports. */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => resolveImport(file, i.fileName))
      .filter((t): t is string => t !== null && t.startsWith(root));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One circle of imports per group of modules that import each other, as a path back to its start. */
function importCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components: a group of two or more (or a self-import) is a circle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups.map((group) => circleThrough(graph, new Set(group)));
}

/** A shortest circle from the group's first module back to it, staying inside the group. */
function circleThrough(graph: Map<string, string[]>, group: Set<string>): string[] {
  const start = [...group].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let at: string | undefined = v; at !== undefined && at !== start; at = previous.get(at))
          path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

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
    const circles = importCycles(graph).map((circle) =>
      circle.map((file) => relative(CLIENT, file)).join(' → '),
    );
    expect(circles).toEqual([]);
  });
});
