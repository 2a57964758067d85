/**
 * A second, tiny entry built beside the app's (issue 21): src/early/start.ts, which starts a
 * signed-in page's first API calls before the app's code has downloaded. Vite bundles every module
 * script of index.html into one entry, so this one is a separate build input, and its script tag is
 * written into the built index.html before the app's entry (module scripts run in document order:
 * it runs first). CSP allows it (`script-src 'self'`: a file, not an inline script). It must import
 * nothing the app shares, or it would wait for a shared chunk; the build fails if it has imports.
 * The dev server runs without it (the app asks for everything itself, as it always can).
 *
 * `preloads` name pages whose route module the entry loads on demand (the login page): the build
 * writes the scripts of each into index.html as `<meta name="portal-preload" data-path="/login"
 * content="/assets/a.js /assets/b.js">`, and the early script preloads them on that page only
 * (src/early/start.ts), so the page waits for no second round trip after the entry.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { withStaticImports } from './chunk-graph.ts';

export const PRELOAD_META = 'portal-preload';

export function earlyScript(options: { name: string; module: string; preloads?: { path: string; module: string }[] }): Plugin {
  let root = process.cwd();
  return {
    name: 'portal-early-script',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    options(input) {
      const current = input.input ?? 'index.html';
      const inputs =
        typeof current === 'string'
          ? { index: current }
          : Array.isArray(current)
            ? Object.fromEntries(current.map((file, i) => [`input${i}`, file]))
            : current;
      return { ...input, input: { ...inputs, [options.name]: path.resolve(root, options.module) } };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === options.name,
        );
        if (!chunk || chunk.type !== 'chunk') throw new Error(`early script: no '${options.name}' entry in the bundle`);
        if (chunk.imports.length > 0 || chunk.dynamicImports.length > 0) {
          throw new Error(
            `early script ${options.module} imports ${[...chunk.imports, ...chunk.dynamicImports].join(', ')}: it must stand alone`,
          );
        }
        const chunks = new Map(
          Object.values(context.bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])),
        );
        const entry = withStaticImports(
          chunks,
          [...chunks.values()].filter((output) => output.isEntry).map((output) => output.fileName),
        );
        const metas = (options.preloads ?? []).map((preload) => {
          const id = path.resolve(root, preload.module);
          const holder = [...chunks.values()].find((output) => output.moduleIds.includes(id));
          if (!holder) throw new Error(`early script: no chunk holds ${preload.module}`);
          const files = [...withStaticImports(chunks, [holder.fileName])].filter((fileName) => !entry.has(fileName)).sort();
          return `<meta name="${PRELOAD_META}" data-path="${preload.path}" content="${files.map((file) => `/${file}`).join(' ')}" />`;
        });
        const tag = [...metas, `<script type="module" crossorigin src="/${chunk.fileName}"></script>`].join('\n    ');
        const first = html.indexOf('<script type="module"');
        if (first < 0) throw new Error('early script: index.html has no module script to go before');
        return `${html.slice(0, first)}${tag}\n    ${html.slice(first)}`;
      },
    },
  };
}
