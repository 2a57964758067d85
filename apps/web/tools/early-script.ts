/**
 * A second, tiny entry built beside the app's (issue 21): src/early/start.ts, which starts a
 * signed-in page's first API calls before the app's code has downloaded. Vite bundles every module
 * script of index.html into one entry, so this one is a separate build input, and its script tag is
 * written into the built index.html before the app's entry (module scripts run in document order:
 * it runs first). CSP allows it (`script-src 'self'`: a file, not an inline script). It must import
 * nothing the app shares, or it would wait for a shared chunk; the build fails if it has imports.
 * The dev server runs without it (the app asks for everything itself, as it always can).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export function earlyScript(options: { name: string; module: string }): Plugin {
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
        const tag = `<script type="module" crossorigin src="/${chunk.fileName}"></script>`;
        const first = html.indexOf('<script type="module"');
        if (first < 0) throw new Error('early script: index.html has no module script to go before');
        return `${html.slice(0, first)}${tag}\n    ${html.slice(first)}`;
      },
    },
  };
}
