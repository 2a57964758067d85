/**
 * What each kind of first page runs (issue 21, fourth pass): the entry, the login page (loaded on
 * demand), and the lazily loaded layouts every signed-in page sits in with the pages opened directly
 * most often (the catalog, the cart), each with everything it imports statically. vite.config.ts
 * gives each set's libraries and app code chunks of their own, so a page opened on a phone
 * downloads the code it draws and not every other screen's.
 *
 * A module counts whole, except a barrel (a module of imports and re-exports only: `@mantine/core`,
 * `@tabler/icons-react`, `@portal/domain`), of which only the modules that declare the names imported
 * through it count: a screen importing `Button` from `@mantine/core` needs Button's module, not the
 * library's other 400 exports. Dynamic imports are left out (they load later, on demand).
 *
 * Computed once per build, after the module graph is complete (`buildEnd`) and before the chunks are
 * made (the chunking groups ask `inEntry` and `in`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What the computation needs of the bundler: the module graph and module resolution. */
export type ModuleGraph = {
  /** The module's id, its code after the transforms, the ids it imports statically, its export names ('*' for `export *`). */
  info(id: string): { code: string | null; importedIds: readonly string[]; exports: readonly string[] } | null;
  resolve(specifier: string, importer: string): Promise<string | null>;
};

type Binding = { source: string; imported: string };
type Statement = { source: string; names: string[] | 'all' };
type Barrel = { named: Map<string, Binding>; stars: string[] };

const STATEMENT =
  /(?<=^|[;\n])\s*(?:import\s+(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s+as\s+[\w$]+)?\s*(?:from\s*)?["']([^"']+)["']|export\s+(?:\{([^}]*)\}|\*(?:\s+as\s+[\w$]+)?)\s*from\s*["']([^"']+)["'])\s*;?/g;
const LOCAL_EXPORT = /(?<=^|[;\n])\s*export\s*\{([^}]*)\}(?!\s*from\b)\s*;?/g;

/** `a, b as c` into [imported, local] pairs; `type X` specifiers are left out. */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return [imported!.trim(), (local ?? imported!).trim()];
    });
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The module's static import and re-export statements: the specifier and the names taken ('all' for a whole module). */
export function parseStatements(code: string): Statement[] {
  const statements: Statement[] = [];
  for (const match of withoutComments(code).matchAll(STATEMENT)) {
    const [whole, defaultName, importList, importSource, exportList, exportSource] = match;
    if (importSource !== undefined) {
      const namespace = /^\s*import\s+(?:[\w$]+\s*,\s*)?\*/.test(whole);
      const names = [...(defaultName ? ['default'] : []), ...specifiers(importList ?? '').map(([imported]) => imported)];
      // A bare `import 'x'` or a namespace import takes the whole module.
      statements.push({ source: importSource, names: namespace || (!defaultName && importList === undefined) ? 'all' : names });
    } else if (exportSource !== undefined) {
      statements.push({
        source: exportSource,
        names: exportList === undefined ? 'all' : specifiers(exportList).map(([imported]) => imported),
      });
    }
  }
  return statements;
}

/** A module of imports and re-exports only (after comments and directives), with what it re-exports; null for any other module. */
export function parseBarrel(code: string): Barrel | null {
  const plain = withoutComments(code);
  const rest = plain
    .replace(STATEMENT, '\n')
    .replace(LOCAL_EXPORT, '\n')
    .replace(/(?:^|\n)\s*["']use (?:client|strict)["'];?/g, '\n');
  if (rest.trim() !== '') return null;
  const locals = new Map<string, Binding>();
  const named = new Map<string, Binding>();
  const stars: string[] = [];
  for (const match of plain.matchAll(STATEMENT)) {
    const [whole, defaultName, importList, importSource, exportList, exportSource] = match;
    if (importSource !== undefined) {
      if (defaultName) locals.set(defaultName, { source: importSource, imported: 'default' });
      for (const [imported, local] of specifiers(importList ?? '')) locals.set(local, { source: importSource, imported });
    } else if (exportSource !== undefined) {
      if (exportList === undefined) {
        // `export * as ns from` names one export, the whole module: treated as a star (conservative).
        stars.push(exportSource);
        if (/\*\s+as\s+/.test(whole)) return null;
      } else for (const [imported, exported] of specifiers(exportList)) named.set(exported, { source: exportSource, imported });
    }
  }
  for (const match of plain.matchAll(LOCAL_EXPORT)) {
    for (const [local, exported] of specifiers(match[1]!)) {
      const binding = locals.get(local);
      if (!binding) return null;
      named.set(exported, binding);
    }
  }
  return { named, stars };
}

type ModuleInfo = NonNullable<ReturnType<ModuleGraph['info']>>;
/** A module to take, with the names taken from it ('all' for the whole module) and its importer (for `why`). */
type Wanted = { id: string; names: string[] | 'all'; from?: string };
type GraphReader = ReturnType<typeof graphReader>;

/** The module graph as the walk reads it, each answer kept: module infos, resolutions, barrels. */
function graphReader(uncachedGraph: ModuleGraph) {
  // The bundler builds a module's info anew on every call (its code included): once per module here.
  const infos = new Map<string, ReturnType<ModuleGraph['info']>>();
  const barrels = new Map<string, Barrel | null>();
  const resolved = new Map<string, string | null>();

  const info = (id: string) => {
    if (!infos.has(id)) infos.set(id, uncachedGraph.info(id));
    return infos.get(id)!;
  };
  const resolve = async (specifier: string, importer: string) => {
    const key = `${importer}\0${specifier}`;
    if (!resolved.has(key)) resolved.set(key, quickResolve(specifier, importer) ?? (await uncachedGraph.resolve(specifier, importer)));
    return resolved.get(key)!;
  };
  /** Most specifiers name one of the importer's imports plainly (a relative file, a package); the bundler resolves the rest. */
  const quickResolve = (specifier: string, importer: string) => {
    const imported = info(importer)?.importedIds ?? [];
    const wanted = specifier.startsWith('.')
      ? path.resolve(path.dirname(importer), specifier)
      : `${path.sep}node_modules${path.sep}${specifier}${path.sep}`;
    const matches = specifier.startsWith('.')
      ? imported.filter((id) => id === wanted)
      : imported.filter((id) => id.includes(wanted) && !specifier.startsWith('@/'));
    return matches.length === 1 ? matches[0]! : null;
  };
  const barrelOf = (id: string) => {
    if (!barrels.has(id)) {
      const code = info(id)?.code;
      barrels.set(id, code == null ? null : parseBarrel(code));
    }
    return barrels.get(id)!;
  };

  /** Whether a module declares `name`, or a barrel re-exports it. */
  async function declares(barrelId: string, name: string, seen = new Set<string>()): Promise<boolean> {
    if (seen.has(barrelId)) return false;
    seen.add(barrelId);
    const barrel = barrelOf(barrelId);
    if (!barrel) return info(barrelId)?.exports.includes(name) ?? false;
    if (barrel.named.has(name)) return true;
    for (const star of barrel.stars) {
      const target = await resolve(star, barrelId);
      if (target && (await declares(target, name, seen))) return true;
    }
    return false;
  }

  return { info, resolve, barrelOf, declares };
}

/** Where a name taken through a barrel leads: the module its re-export names, or the star-exported modules declaring it. */
async function throughBarrel(graph: GraphReader, barrelId: string, barrel: Barrel, name: string, from?: string): Promise<Wanted[]> {
  const binding = barrel.named.get(name);
  if (binding) {
    const target = await graph.resolve(binding.source, barrelId);
    return target ? [{ id: target, names: [binding.imported], from: `${from} via ${name}` }] : [];
  }
  const candidates: string[] = [];
  for (const star of barrel.stars) {
    const target = await graph.resolve(star, barrelId);
    if (target && (await graph.declares(target, name))) candidates.push(target);
  }
  if (candidates.length === 0) throw new Error(`first screens: '${name}' is not exported through ${barrelId}`);
  return candidates.map((target) => ({ id: target, names: [name], from: `${from} via ${name}` }));
}

/** What a module taken whole imports, each with the names it takes. */
async function importsOf(graph: GraphReader, id: string, info: ModuleInfo): Promise<Wanted[]> {
  // The names matter only for what comes through a barrel; a module importing none (most of a
  // library's) takes its imports whole, without parsing or resolving anything.
  if (!info.importedIds.some((imported) => graph.barrelOf(imported))) {
    return info.importedIds.map((imported) => ({ id: imported, names: 'all', from: id }));
  }
  const wanted: Wanted[] = [];
  const covered = new Set<string>();
  for (const statement of parseStatements(info.code ?? '')) {
    const target = await graph.resolve(statement.source, id);
    if (!target) continue;
    covered.add(target);
    wanted.push({ id: target, names: statement.names, from: id });
  }
  // CommonJS `require`s and anything the statements above did not name: whole modules.
  for (const imported of info.importedIds) if (!covered.has(imported)) wanted.push({ id: imported, names: 'all', from: id });
  return wanted;
}

/**
 * The modules `starts` run, with their static imports; barrels count only through the names taken
 * from them. `why`, if given, gets each module's importer (to tell why a module is in the set).
 */
export async function firstScreenModules(uncachedGraph: ModuleGraph, starts: string[], why?: Map<string, string>): Promise<Set<string>> {
  const graph = graphReader(uncachedGraph);
  const included = new Set<string>();
  const takenFromBarrel = new Map<string, Set<string>>();
  const queue: Wanted[] = starts.map((id) => ({ id, names: 'all' }));

  for (let item = queue.pop(); item; item = queue.pop()) {
    const { id, names, from } = item;
    const info = graph.info(id);
    if (!info) continue;
    const barrel = graph.barrelOf(id);
    if (barrel && names !== 'all') {
      // Only the modules declaring the names taken through the barrel.
      const taken = takenFromBarrel.get(id) ?? new Set<string>();
      takenFromBarrel.set(id, taken);
      for (const name of names) {
        if (taken.has(name)) continue;
        taken.add(name);
        queue.push(...(await throughBarrel(graph, id, barrel, name, from)));
      }
      continue;
    }
    if (included.has(id)) continue;
    included.add(id);
    if (why && from) why.set(id, from);
    queue.push(...(await importsOf(graph, id, info)));
  }
  return included;
}

/**
 * The layered stylesheets (`@mantine/core/styles/<Part>.layer.css`) of the Mantine parts the first
 * screens run that neither they nor the entry import: a part whose class names a module of the set
 * takes (`<Part>.module.mjs`) needs its stylesheet (NativeSelect draws Combobox's chevron, a Modal
 * its ModalBase and Overlay...). The whole stylesheet counts for all.
 */
export function missingMantineStyles(firstScreens: Set<string>, entry: Set<string>): string[] {
  const imported = (id: string) => firstScreens.has(id) || entry.has(id);
  const missing = new Set<string>();
  for (const id of firstScreens) {
    const match = /^(.*[\\/]@mantine[\\/]core)[\\/]esm[\\/].*[\\/]([^\\/]+)\.module\.mjs$/.exec(id);
    if (!match) continue;
    const [, packageDir, part] = match;
    if (imported(path.join(packageDir!, 'styles.layer.css'))) return [];
    const stylesheet = path.join(packageDir!, 'styles', `${part}.layer.css`);
    if (!imported(stylesheet) && existsSync(stylesheet)) missing.add(`@mantine/core/styles/${part}.layer.css`);
  }
  return [...missing].sort();
}

/**
 * The Vite plugin: works out, at the end of the module graph's build, what the entry runs
 * (`entry`, e.g. src/main.tsx) and what each named set of pages runs beyond it (`pages`: their
 * route modules, and the file that must import the Mantine styles they draw beyond the entry's);
 * `inEntry(id)` and `in(set, id)` answer the chunking groups of vite.config.ts. Paths are relative
 * to the Vite root.
 */
export function firstScreens<Name extends string>(options: {
  entry: string;
  pages: Record<Name, { modules: string[]; styles: string }>;
}): Plugin & { inEntry(id: string): boolean; in(set: Name, id: string): boolean } {
  let root = process.cwd();
  let entryModules: Set<string> | null = null;
  const sets = new Map<Name, Set<string>>();
  return {
    name: 'portal:first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildEnd(error) {
      if (error) return;
      const moduleOf = (file: string) => {
        const id = path.resolve(root, file);
        if (!this.getModuleInfo(id)) throw new Error(`first screens: no module ${id} in the build`);
        return id;
      };
      const graph: ModuleGraph = {
        info: (id) => this.getModuleInfo(id),
        resolve: async (specifier, importer) => {
          const result = await this.resolve(specifier, importer);
          return result && !result.external ? result.id : null;
        },
      };
      const inEntry = await firstScreenModules(graph, [moduleOf(options.entry)]);
      for (const [name, pages] of Object.entries(options.pages) as [Name, { modules: string[]; styles: string }][]) {
        const modules = await firstScreenModules(graph, pages.modules.map(moduleOf));
        const missing = missingMantineStyles(modules, inEntry);
        if (missing.length > 0) {
          throw new Error(`first screens: Mantine components drawn without their styles; import ${missing.join(', ')} in ${pages.styles}`);
        }
        sets.set(name, new Set([...modules].filter((id) => !inEntry.has(id))));
      }
      entryModules = inEntry;
    },
    inEntry(id: string) {
      if (!entryModules) throw new Error('first screens: asked before the module graph was complete');
      return entryModules.has(id);
    },
    in(set: Name, id: string) {
      const modules = sets.get(set);
      if (!modules) throw new Error('first screens: asked before the module graph was complete');
      return modules.has(id);
    },
  };
}
