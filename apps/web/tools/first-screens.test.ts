/**
 * The build's first-screens walk (first-screens.ts): which modules a page runs decides which chunk
 * they land in, so a wrong answer either sends a phone code it does not draw or splits what it
 * draws over more requests. The walk reads import statements with regular expressions; these tests
 * pin the forms the app and its libraries use.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreenModules, missingMantineStyles, parseBarrel, parseStatements, type ModuleGraph } from './first-screens';

describe('parseStatements', () => {
  it('reads default, named, namespace, bare and re-export statements, leaving types out', () => {
    const code = `
      import React, { useState as useLocalState, type FC } from "react";
      import * as z from 'zod';
      import './styles.css';
      import { Button, Text } from '@mantine/core';
      export { cartTotal, type CartItem } from './cart';
      export * from './search';
      // import { commented } from 'nowhere';
      /* import { alsoCommented } from 'nowhere'; */
      const later = () => import('./lazy');
    `;
    expect(parseStatements(code)).toEqual([
      { source: 'react', names: ['default', 'useState'] },
      { source: 'zod', names: 'all' },
      { source: './styles.css', names: 'all' },
      { source: '@mantine/core', names: ['Button', 'Text'] },
      { source: './cart', names: ['cartTotal'] },
      { source: './search', names: 'all' },
    ]);
  });
});

describe('parseBarrel', () => {
  it('maps the names a barrel re-exports to their modules, directly, through its own imports, or by star', () => {
    const barrel = parseBarrel(`
      'use client';
      import { Button as B } from './Button/Button.mjs';
      export { Text } from './Text/Text.mjs';
      export { B as Button };
      export * from './hooks/index.mjs';
    `);
    expect(barrel).not.toBeNull();
    expect(Object.fromEntries(barrel!.named)).toEqual({
      Text: { source: './Text/Text.mjs', imported: 'Text' },
      Button: { source: './Button/Button.mjs', imported: 'Button' },
    });
    expect(barrel!.stars).toEqual(['./hooks/index.mjs']);
  });

  it('is null for a module with code of its own, or one naming a whole module as a namespace', () => {
    expect(parseBarrel(`export { a } from './a'; export const b = 1;`)).toBeNull();
    expect(parseBarrel(`export * as all from './a';`)).toBeNull();
    expect(parseBarrel(`import { a } from './a'; export { missing };`)).toBeNull();
  });
});

/** A module graph of in-memory modules: ids are absolute paths, imports resolve relatively or by package name. */
function graphOf(modules: Record<string, { code: string; exports?: string[] }>): ModuleGraph {
  const id = (name: string) => (name.startsWith('/') ? name : `/node_modules/${name}/index.js`);
  const resolveSpecifier = (specifier: string, importer: string) =>
    specifier.startsWith('.') ? path.resolve(path.dirname(importer), specifier) : id(specifier);
  return {
    info(moduleId) {
      const module = Object.entries(modules).find(([name]) => id(name) === moduleId)?.[1];
      if (!module) return null;
      return {
        code: module.code,
        importedIds: parseStatements(module.code).map((s) => resolveSpecifier(s.source, moduleId)),
        exports: module.exports ?? [],
      };
    },
    resolve: async (specifier, importer) => resolveSpecifier(specifier, importer),
  };
}

describe('firstScreenModules', () => {
  const graph = graphOf({
    '/app/main.js': { code: `import { Button } from 'ui'; import { total } from './cart.js';` },
    '/app/cart.js': { code: `import * as z from 'zod'; export const total = 1;`, exports: ['total'] },
    '/app/lazy.js': { code: `import { Modal } from 'ui'; export default 1;` },
    ui: { code: `export { Button } from './Button.js'; export * from './more.js';` },
    '/node_modules/ui/Button.js': { code: `import './Button.css'; export const Button = 1;`, exports: ['Button'] },
    '/node_modules/ui/more.js': { code: `export { Modal } from './Modal.js';` },
    '/node_modules/ui/Modal.js': { code: `export const Modal = 1;`, exports: ['Modal'] },
    '/node_modules/ui/Button.css': { code: `` },
    zod: { code: `export const z = 1;`, exports: ['z'] },
  });

  it('takes whole modules, and of a barrel only the modules declaring the names taken through it', async () => {
    const modules = await firstScreenModules(graph, ['/app/main.js']);
    expect([...modules].sort()).toEqual(
      ['/app/main.js', '/app/cart.js', '/node_modules/ui/Button.js', '/node_modules/ui/Button.css', '/node_modules/zod/index.js'].sort(),
    );
  });

  it('follows a name through a barrel re-exported by star', async () => {
    const modules = await firstScreenModules(graph, ['/app/lazy.js']);
    expect(modules.has('/node_modules/ui/Modal.js')).toBe(true);
    expect(modules.has('/node_modules/ui/Button.js')).toBe(false);
  });

  it('fails the build on a name no module behind the barrel exports', async () => {
    const broken = graphOf({ '/app/main.js': { code: `import { Nothing } from 'ui';` }, ui: { code: `export * from './more.js';` } });
    await expect(firstScreenModules(broken, ['/app/main.js'])).rejects.toThrow("'Nothing' is not exported through");
  });
});

describe('missingMantineStyles', () => {
  const core = path.join(path.sep, 'node_modules', '@mantine', 'core');
  const part = (name: string) => path.join(core, 'esm', 'components', name, `${name}.module.mjs`);

  it('names nothing when the whole stylesheet is imported', () => {
    expect(missingMantineStyles(new Set([part('Button')]), new Set([path.join(core, 'styles.layer.css')]))).toEqual([]);
  });

  it("names a part's stylesheet that neither the set nor the entry imports (the real package's files)", () => {
    const realCore = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@mantine/core')), '..'); // .../cjs/index.cjs
    const realPart = (name: string) => path.join(realCore, 'esm', 'components', name, `${name}.module.mjs`);
    const buttonStyles = path.join(realCore, 'styles', 'Button.layer.css');
    expect(missingMantineStyles(new Set([realPart('Button'), realPart('Text')]), new Set([buttonStyles]))).toEqual([
      '@mantine/core/styles/Text.layer.css',
    ]);
  });

  it('names nothing for parts whose stylesheet does not exist on disk, or modules outside Mantine', () => {
    expect(missingMantineStyles(new Set([part('NoSuchPart'), '/app/main.js']), new Set())).toEqual([]);
  });
});
