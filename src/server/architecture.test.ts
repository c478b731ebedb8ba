import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The server's rooms: a module under src/server/modules is used
 * by every other file only through its index.ts, the infrastructure below the modules imports
 * none of them, and no server file imports in a cycle (type imports too: a cycle of types is
 * still two files that cannot be understood, or moved, one without the other). The lint rule
 * `server-modules/one-door` (eslint.config.js) says the same as one writes the import.
 *
 * Test files are left out: nothing imports one, so it closes no cycle, and a unit test may reach
 * the very file it tests.
 */

const SERVER = import.meta.dirname;
const MODULES = join(SERVER, 'modules');
/** Below the modules: these import none of them. */
const INFRASTRUCTURE = ['db', 'lib', 'http', 'errors.ts', 'clock.ts', 'config.ts', 'runtime.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The file a relative specifier names, as the bundler resolves it; null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  const found = [`${base}.ts`, join(base, 'index.ts'), base].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  if (!found) throw new Error(`${rel(from)} imports ${specifier}, which is no file`);
  return found;
}

const rel = (path: string) => relative(SERVER, path).split(sep).join('/');

/** Every file's relative imports: `import`, `import type`, `export … from`, `import()`. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SERVER)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => resolveImport(file, fileName))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The module a file lies in ('orders' for modules/orders/service.ts), else null. */
function moduleOf(file: string): string | null {
  const parts = relative(MODULES, file).split(sep);
  return parts[0] === '..' || parts.length < 2 ? null : parts[0]!;
}

/** One cycle through each strongly connected group of files (Tarjan), as a path a -> b -> a. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group);
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  // A shortest way back to the group's first file, found breadth first within the group.
  return groups.map((group) => {
    const members = new Set(group);
    const start = group[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift()!;
      for (const target of graph.get(file) ?? []) {
        if (!members.has(target)) continue;
        if (target === start) {
          const path = [file];
          while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
          return [...path, start];
        }
        if (!cameFrom.has(target)) {
          cameFrom.set(target, file);
          queue.push(target);
        }
      }
    }
    return [start, start];
  });
}

const GRAPH = importGraph();
const EDGES = [...GRAPH].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

describe('src/server architecture', () => {
  it('reads the whole server', () => {
    expect(GRAPH.size).toBeGreaterThan(100);
    expect(EDGES.length).toBeGreaterThan(300);
  });

  it('has no import cycle among its files', () => {
    const cycles = cyclesOf(GRAPH).map((cycle) => cycle.map(rel).join(' -> '));
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('uses another module only through its index.ts', () => {
    const reachingIn = EDGES.filter(({ from, to }) => {
      const target = moduleOf(to);
      return (
        target !== null && moduleOf(from) !== target && to !== join(MODULES, target, 'index.ts')
      );
    }).map(({ from, to }) => `${rel(from)} -> ${rel(to)}`);
    expect(reachingIn).toEqual([]);
  });

  it('keeps the infrastructure below the modules (db, lib, http, errors, clock, config, runtime)', () => {
    const reachingUp = EDGES.filter(
      ({ from, to }) =>
        INFRASTRUCTURE.includes(rel(from).split('/')[0]!) &&
        !relative(MODULES, to).startsWith('..'),
    ).map(({ from, to }) => `${rel(from)} -> ${rel(to)}`);
    expect(reachingUp).toEqual([]);
  });
});
