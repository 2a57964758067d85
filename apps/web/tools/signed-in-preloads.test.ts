/**
 * The preloads the server announces for signed-in pages (signed-in-preloads.ts), on a made-up
 * chunk graph: the layouts' and pages' files less the entry's, and the build's refusal when they
 * hold a package the first signed-in screens must draw without.
 */
import { describe, expect, it } from 'vitest';
import { computePreloads, type PreloadChunk } from './signed-in-preloads';

const root = '/app';
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false): PreloadChunk => ({
  fileName,
  moduleIds,
  imports,
  isEntry,
  viteMetadata: { importedCss: new Set() },
});

const chunks = [
  chunk('assets/index.js', ['/app/src/main.tsx'], ['assets/vendor-react.js'], true),
  chunk('assets/vendor-react.js', ['/app/node_modules/react/index.js']),
  chunk('assets/shell.js', ['/app/src/shell.tsx'], ['assets/vendor-react.js', 'assets/ui.js']),
  chunk('assets/ui.js', ['/app/node_modules/@mantine/core/esm/Button.mjs']),
  chunk('assets/cart.js', ['/app/src/cart.tsx'], ['assets/shell.js', 'assets/schemas.js']),
  chunk('assets/schemas.js', ['/app/node_modules/zod/v4/classic/schemas.js', '/app/src/forms.ts']),
];

describe('signed-in preloads', () => {
  it('lists the layouts’ files and each page’s own, less what the entry loads', () => {
    const preloads = computePreloads(chunks, root, {
      layouts: ['src/shell.tsx'],
      publicPaths: ['/login'],
      pages: [{ pattern: '^/shopping-cart/?$', modules: ['src/cart.tsx'] }],
    });
    expect(preloads.scripts).toEqual(['/assets/shell.js', '/assets/ui.js']);
    expect(preloads.pages).toEqual([{ pattern: '^/shopping-cart/?$', scripts: ['/assets/cart.js', '/assets/schemas.js'] }]);
  });

  it('fails when a listed page or layout holds a package named in withoutPackages, naming the file', () => {
    const options = { layouts: ['src/shell.tsx'], publicPaths: ['/login'], withoutPackages: ['zod'] };
    expect(() => computePreloads(chunks, root, options)).not.toThrow();
    expect(() =>
      computePreloads(chunks, root, { ...options, pages: [{ pattern: '^/shopping-cart/?$', modules: ['src/cart.tsx'] }] }),
    ).toThrow(/load zod \(in assets\/schemas\.js\)/);
    expect(() => computePreloads(chunks, root, { ...options, withoutPackages: ['@mantine/core'] })).toThrow(
      /@mantine\/core \(in assets\/ui\.js\)/,
    );
  });
});
