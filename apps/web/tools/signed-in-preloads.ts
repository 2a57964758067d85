/**
 * The files every signed-in screen waits for, listed at build time for the server to announce
 * early (issue 21): a page opened past the login page draws only once the lazily loaded layouts
 * (query cache, session guard, signed-in shell) and their libraries have arrived, which the browser
 * would otherwise learn only after the entry's code has run, a round trip and a script evaluation
 * later on a phone. The server names these files in a `Link: rel=modulepreload` header of the page
 * (apps/server/src/http/web.ts), so they download beside the entry; the login and other public pages
 * get no such header and stay as small as before.
 *
 * Pages opened directly most often can name their own screen's code too (`pages`: a path pattern
 * and the route modules the router loads for it), one round trip less again.
 *
 * Writes `preloads.json` into the build: `{ publicPaths, scripts, styles, pages }`, the scripts and
 * stylesheets (as URLs) the layouts load with their static imports, less what the entry already
 * loads (index.html has those), the path prefixes of the pages that are not signed in, and per
 * listed page its pattern and the scripts its screen adds to the layouts'.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { withStaticImports } from './chunk-graph.ts';

export type SignedInPreloadsOptions = {
  /** The layout modules every signed-in screen sits in, relative to the Vite root. */
  layouts: string[];
  /** Path prefixes of the pages shown signed out (no preloads there). */
  publicPaths: string[];
  /** Signed-in pages whose screen's code is named too: a path pattern (a RegExp source) and its route modules. */
  pages?: { pattern: string; modules: string[] }[];
  /**
   * Packages none of these files may hold (the build fails): libraries the first signed-in drawing
   * must not wait for, such as the schema library the forms and stored copies validate with.
   */
  withoutPackages?: string[];
};

export const PRELOADS_FILE = 'preloads.json';

export type Preloads = { publicPaths: string[]; scripts: string[]; styles: string[]; pages: { pattern: string; scripts: string[] }[] };

/** What the plugin needs of an output chunk (Rollup's and Rolldown's OutputChunk have it; Vite adds viteMetadata). */
export type PreloadChunk = {
  fileName: string;
  imports: string[];
  isEntry: boolean;
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/** The preloads of one build: the layouts' chunks with their static imports, less the entry's. */
export function computePreloads(chunks: PreloadChunk[], root: string, options: SignedInPreloadsOptions, base = '/'): Preloads {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = withStaticImports(
    byFile,
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
  );
  const chunkOf = (module: string) => {
    const id = path.resolve(root, module);
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`signed-in preloads: no chunk holds ${module}; see apps/web/vite.config.ts`);
    return chunk.fileName;
  };
  const layouts = withStaticImports(byFile, options.layouts.map(chunkOf));
  const files = [...layouts].filter((fileName) => !entry.has(fileName)).sort();
  const pageFiles = (options.pages ?? []).map(({ pattern, modules }) => ({
    pattern,
    fileNames: [...withStaticImports(byFile, modules.map(chunkOf))]
      .filter((fileName) => !entry.has(fileName) && !layouts.has(fileName))
      .sort(),
  }));
  const pages = pageFiles.map(({ pattern, fileNames }) => ({ pattern, scripts: fileNames.map((fileName) => base + fileName) }));
  const firstScreenFiles = [...entry, ...layouts, ...pageFiles.flatMap((page) => page.fileNames)];
  const heldPackages = packagesIn(
    firstScreenFiles.map((fileName) => byFile.get(fileName)!),
    options.withoutPackages ?? [],
  );
  if (heldPackages.length > 0) {
    throw new Error(
      `signed-in preloads: the first signed-in screens load ${heldPackages.join('; ')}. ` +
        'Load that code on demand (import() when it is used) or import what the screens need from a module that does not use the package.',
    );
  }
  const entryStyles = new Set([...entry].flatMap((fileName) => [...(byFile.get(fileName)!.viteMetadata?.importedCss ?? [])]));
  const styles = [...new Set(files.flatMap((fileName) => [...(byFile.get(fileName)!.viteMetadata?.importedCss ?? [])]))]
    .filter((fileName) => !entryStyles.has(fileName))
    .sort();
  return { publicPaths: options.publicPaths, scripts: files.map((file) => base + file), styles: styles.map((file) => base + file), pages };
}

/** `<package> (in <file>)` for each of the packages a chunk holds a module of. */
function packagesIn(chunks: PreloadChunk[], packages: string[]): string[] {
  return packages.flatMap((name) => {
    const inPackage = (id: string) => id.split(path.sep).join('/').includes(`/node_modules/${name}/`);
    const holders = chunks.filter((chunk) => chunk.moduleIds.some(inPackage)).map((chunk) => chunk.fileName);
    return holders.length > 0 ? [`${name} (in ${holders.sort().join(', ')})`] : [];
  });
}

/** The Vite plugin: writes preloads.json beside index.html. */
export function signedInPreloads(options: SignedInPreloadsOptions): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'portal:signed-in-preloads',
    apply: 'build',
    // After Vite's CSS plugin has dropped the chunks that only held CSS (signed-in-styles.ts) and handed
    // their stylesheets to the importing chunks.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const preloads = computePreloads(chunks, root, options, base);
      this.emitFile({ type: 'asset', fileName: PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
