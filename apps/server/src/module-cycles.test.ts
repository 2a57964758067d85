/**
 * No module cycles (issue 33, docs/architecture.md "Cycles"): if modules/a imports modules/b, by
 * any of its files and for types too, then nothing of modules/b leads back to modules/a, directly
 * or through other modules. The lint zones say which file of a module another may import; this
 * test says which modules may lean on which at all. Tests are left out: a test may reach anywhere.
 *
 * When a module needs something of one that stands on it (users recording an audit entry, whose
 * table references users), the dependency is turned around: app.ts hands the service in
 * (modules/users/collaborators.ts), or the shared shape goes down a floor (the signed-in caller is
 * http/principal.ts; a pure rule goes to packages/domain).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modulesDir = path.join(import.meta.dirname, 'modules');

type Edges = Map<string, Map<string, string[]>>;

/** Every relative specifier a source file imports or re-exports, statically or dynamically. */
function specifiersOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) found.push(match[1]!);
  return found;
}

/** modules/<a> → modules/<b> → the files of a that import b (as `a/file.ts → b/target`). */
function moduleEdges(): Edges {
  const edges: Edges = new Map();
  const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory());
  for (const { name: module } of modules) {
    const files = readdirSync(path.join(modulesDir, module), { withFileTypes: true, recursive: true }).filter(
      (e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name),
    );
    for (const file of files) {
      const filePath = path.join(file.parentPath, file.name);
      for (const specifier of specifiersOf(readFileSync(filePath, 'utf8'))) {
        const target = path.relative(modulesDir, path.resolve(path.dirname(filePath), specifier));
        const other = target.split(path.sep)[0]!;
        if (target.startsWith('..') || other === module) continue;
        const from = edges.get(module) ?? new Map<string, string[]>();
        edges.set(module, from);
        from.set(other, [...(from.get(other) ?? []), `${path.relative(modulesDir, filePath)} → ${target}`]);
      }
    }
  }
  return edges;
}

/** Every cycle's modules, found as the strongly connected components of more than one module (Tarjan). */
function moduleCycles(edges: Map<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('server modules form no cycle', () => {
  it('finds a cycle, direct or through other modules', () => {
    const graph = (pairs: [string, string][]) => {
      const edges = new Map<string, string[]>();
      for (const [a, b] of pairs) edges.set(a, [...(edges.get(a) ?? []), b]);
      return edges;
    };
    expect(
      moduleCycles(
        graph([
          ['users', 'audit'],
          ['audit', 'users'],
        ]),
      ),
    ).toEqual([['audit', 'users']]);
    expect(
      moduleCycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['c', 'd'],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      moduleCycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toEqual([]);
  });

  it('sees the imports of the real modules (orders reads the catalog, checkout places orders)', () => {
    const edges = moduleEdges();
    expect(edges.get('checkout')?.has('orders')).toBe(true);
    expect(edges.get('users')?.has('organizations')).toBe(true);
  });

  it('no module leads back to itself through the modules it imports', () => {
    const edges = moduleEdges();
    const cycles = moduleCycles(new Map([...edges].map(([module, to]) => [module, [...to.keys()]])));
    const explained = cycles.map((members) => members.flatMap((a) => members.flatMap((b) => edges.get(a)?.get(b) ?? [])).join('\n'));
    expect(explained).toEqual([]);
  });
});
