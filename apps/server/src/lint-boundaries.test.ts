/**
 * The walls of the house (docs/architecture.md) are zones of import-x/no-restricted-paths in the
 * repository's eslint.config.js. These tests lint one-line files, at made-up paths inside the real
 * folders, with that configuration (what `npm run lint` runs): the imports a wall forbids fail, the
 * ones it allows pass.
 *
 * An import the resolver cannot follow would slip past every zone, so every allowed import here
 * points at a real file and `import-x/no-unresolved` is on: a "pass" means resolved and allowed.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const webSrc = path.join(root, 'apps/web/src');
const serverSrc = path.join(root, 'apps/server/src');

/** One file of a server module other than its entrance and its tests, as `<name>.js`. */
function aModuleFileOf(module: string): string {
  const file = readdirSync(path.join(serverSrc, 'modules', module)).find(
    (name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && name !== 'index.ts' && !/repository\.ts$/.test(name),
  );
  if (!file) throw new Error(`No file besides the entrance in modules/${module}`);
  return file.replace(/\.ts$/, '.js');
}

const eslint = new ESLint({
  cwd: root,
  overrideConfig: { files: ['**/*.{ts,tsx}'], rules: { 'import-x/no-unresolved': 'error' } },
});

/** The rules broken by a file at `filePath` (relative to the repository) holding `text`, each named once. */
async function brokenRulesOf(filePath: string, text: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, filePath) });
  return [...new Set((result?.messages ?? []).map((message) => message.ruleId))];
}

/** The rules broken by a file that holds only `import '<specifier>'` (an import can break two walls at once). */
const brokenRules = (filePath: string, specifier: string) => brokenRulesOf(filePath, `import '${specifier}';\n`);

const forbidden = ['import-x/no-restricted-paths'];

/** One source file (not a test) inside `folder` of the web app's src/, as an absolute path. */
function aSourceFileIn(folder: string): string {
  const dir = path.join(webSrc, folder);
  const entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  const file = entries.find((entry) => entry.isFile() && /(?<!\.test)\.tsx?$/.test(entry.name));
  if (!file) throw new Error(`No source file in ${dir}`);
  return path.join(file.parentPath, file.name);
}

const withoutExtension = (file: string) => file.replace(/\.tsx?$/, '');
const aliased = (file: string) => `@/${withoutExtension(path.relative(webSrc, file))}`;
const relativeTo = (fromFile: string, file: string) => withoutExtension(path.relative(path.dirname(path.join(root, fromFile)), file));

describe('web app walls', () => {
  const inCheckout = 'apps/web/src/features/checkout/components/new-panel.tsx';

  it('a feature importing another feature fails, by relative path and by the @/ alias, lazily too', async () => {
    const catalogFile = aSourceFileIn('features/catalog');
    expect(await brokenRules(inCheckout, relativeTo(inCheckout, catalogFile))).toEqual(forbidden);
    expect(await brokenRules(inCheckout, aliased(catalogFile))).toEqual(forbidden);
    expect(await brokenRulesOf(inCheckout, `export const screen = import('${aliased(catalogFile)}');\n`)).toEqual(forbidden);
  });

  it('a feature importing app/ (other than its providers) or the server fails', async () => {
    expect(await brokenRules(inCheckout, '@/app/router')).toEqual(forbidden);
    expect(await brokenRules(inCheckout, '../../../../../server/src/config.js')).toEqual(forbidden);
  });

  it('a feature may import itself, components/, lib/, the providers of app/ and the domain package', async () => {
    const ownFile = aSourceFileIn('features/checkout');
    expect(await brokenRules(inCheckout, relativeTo(inCheckout, ownFile))).toEqual([]);
    expect(await brokenRules(inCheckout, aliased(ownFile))).toEqual([]);
    expect(await brokenRules(inCheckout, aliased(aSourceFileIn('components')))).toEqual([]);
    expect(await brokenRules(inCheckout, aliased(aSourceFileIn('lib')))).toEqual([]);
    expect(await brokenRules(inCheckout, aliased(aSourceFileIn('app/providers')))).toEqual([]);
    expect(await brokenRules(inCheckout, '@portal/domain')).toEqual([]);
    expect(await brokenRules(inCheckout, '@portal/domain/rules')).toEqual([]);
  });

  it('lib/ and components/ import no feature and nothing of app/', async () => {
    const featureFile = aliased(aSourceFileIn('features/catalog'));
    expect(await brokenRules('apps/web/src/lib/new-helper.ts', featureFile)).toEqual(forbidden);
    expect(await brokenRules('apps/web/src/components/new-widget.tsx', featureFile)).toEqual(forbidden);
    expect(await brokenRules('apps/web/src/components/new-widget.tsx', '@/app/router')).toEqual(forbidden);
    expect(await brokenRules('apps/web/src/components/new-widget.tsx', aliased(aSourceFileIn('lib')))).toEqual([]);
  });

  it('app/ composes the features', async () => {
    expect(await brokenRules('apps/web/src/app/new-route.tsx', aliased(aSourceFileIn('features/catalog')))).toEqual([]);
  });

  it('the web app imports no server source; its end-to-end tests may read the seed fixtures', async () => {
    expect(await brokenRules('apps/web/src/app/new-route.tsx', '../../../server/src/seed/featured.js')).toEqual(forbidden);
    expect(await brokenRules('apps/web/e2e/new.spec.ts', '../../server/src/seed/featured')).toEqual([]);
  });
});

describe('server walls', () => {
  const inOrders = 'apps/server/src/modules/orders/new-part.ts';

  it("a module importing another module's repository fails; its entrance is the way in", async () => {
    expect(await brokenRules(inOrders, '../users/repository.js')).toEqual(forbidden);
    expect(await brokenRules(inOrders, '../mail/dev-mailbox-repository.js')).toEqual(forbidden);
    expect(await brokenRules(inOrders, '../users/index.js')).toEqual([]);
  });

  describe('each module is entered through its index.ts only', () => {
    const serverModules = readdirSync(path.join(serverSrc, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);

    it.each(serverModules)('modules/%s: another file of it fails from another module, its entrance passes', async (module) => {
      const elsewhere = `apps/server/src/modules/${module === 'orders' ? 'users' : 'orders'}/new-part.ts`;
      const inner = aModuleFileOf(module);
      expect(await brokenRules(elsewhere, `../${module}/${inner}`)).toEqual(forbidden);
      expect(await brokenRules(elsewhere, `../${module}/index.js`)).toEqual([]);
    });
  });

  it('outside the modules too (app.ts, the command line, the seed, the benchmarks) only the entrance opens', async () => {
    for (const from of [
      'apps/server/src/new-app-part.ts',
      'apps/server/src/cli/new-command.ts',
      'apps/server/src/seed/new-seed.ts',
      'apps/server/src/bench/new-bench.ts',
    ]) {
      const modules = `./${path.relative(path.dirname(path.join(root, from)), path.join(serverSrc, 'modules'))}`.replace(/^\.\/\.\./, '..');
      expect(await brokenRules(from, `${modules}/users/service.js`)).toEqual(forbidden);
      expect(await brokenRules(from, `${modules}/catalog/schema.js`)).toEqual(forbidden);
      expect(await brokenRules(from, `${modules}/users/index.js`)).toEqual([]);
    }
  });

  it("a module's SQL files (schema, repository) may name another module's schema.ts for a foreign key or a join, nothing else of it", async () => {
    for (const file of ['schema.ts', 'repository.ts', 'dev-mailbox-repository.ts']) {
      const sqlFile = `apps/server/src/modules/orders/${file}`;
      expect(await brokenRules(sqlFile, '../users/schema.js')).toEqual([]);
      expect(await brokenRules(sqlFile, '../users/index.js')).toEqual([]);
      expect(await brokenRules(sqlFile, '../users/service.js')).toEqual(forbidden);
    }
    expect(await brokenRules(inOrders, '../users/schema.js')).toEqual(forbidden);
  });

  it("a test may reach into another module's internals for its fixtures", async () => {
    expect(await brokenRules('apps/server/src/modules/orders/new.api.test.ts', '../mail/worker.js')).toEqual([]);
    expect(await brokenRules('apps/server/src/cli/new.test.ts', '../modules/catalog/schema.js')).toEqual([]);
  });

  it('a module may import its own repository', async () => {
    expect(await brokenRules(inOrders, './repository.js')).toEqual([]);
  });

  it('code outside the modules (the command line, say) does not reach into a repository either', async () => {
    expect(await brokenRules('apps/server/src/cli/new-command.ts', '../modules/users/repository.js')).toEqual(forbidden);
  });

  it('http/ and db/ import nothing of modules/; their tests may start the whole app', async () => {
    expect(await brokenRules('apps/server/src/http/new-hook.ts', '../modules/users/service.js')).toEqual(forbidden);
    expect(await brokenRules('apps/server/src/db/new-helper.ts', '../modules/users/service.js')).toEqual(forbidden);
    expect(await brokenRules('apps/server/src/http/new-hook.api.test.ts', '../modules/users/service.js')).toEqual([]);
  });

  it('the server imports nothing of the web app', async () => {
    expect(await brokenRules(inOrders, aSourceFileIn('lib'))).toEqual(forbidden);
  });
});

describe('domain walls', () => {
  it('packages/domain imports nothing of the apps', async () => {
    expect(await brokenRules('packages/domain/src/new-rule.ts', '../../../apps/server/src/config.js')).toEqual(forbidden);
  });

  // The rules entry (src/rules.ts) stays zod-free: its files, and any `*-rules.ts`, import no zod
  // and take only types from the schema files; the schema files (src/index.ts) may import both.
  const zodFree = ['@typescript-eslint/no-restricted-imports'];
  const listedRuleFile = 'packages/domain/src/cart/charges.ts';
  const newRuleFile = 'packages/domain/src/cart/new-part-rules.ts';
  const schemaFile = 'packages/domain/src/cart/new-schema.ts';

  it('a rule file importing zod fails, whether rules.ts lists it or its name ends in -rules', async () => {
    expect(await brokenRules(listedRuleFile, 'zod')).toEqual(zodFree);
    expect(await brokenRules(newRuleFile, 'zod')).toEqual(zodFree);
  });

  it('a rule file takes only types from a schema file', async () => {
    expect(await brokenRulesOf(newRuleFile, "import { cartItemSchema } from './cart.js';\nexport const item = cartItemSchema;\n")).toEqual(
      zodFree,
    );
    expect(await brokenRulesOf(newRuleFile, "import type { CartItem } from './cart.js';\nexport type Item = CartItem;\n")).toEqual([]);
    expect(await brokenRules(newRuleFile, './charges.js')).toEqual([]);
  });

  it('a schema file may import zod and the rules', async () => {
    expect(await brokenRules(schemaFile, 'zod')).toEqual([]);
    expect(await brokenRulesOf(schemaFile, "import { cartItemSchema } from './cart.js';\nexport const item = cartItemSchema;\n")).toEqual(
      [],
    );
    expect(await brokenRules(schemaFile, './charges.js')).toEqual([]);
  });
});

describe('function length', () => {
  const long = `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(80)}  return n;\n}\n`;

  it('a function over 80 lines fails outside tests and seed data', async () => {
    expect(await brokenRulesOf('apps/server/src/modules/orders/new-part.ts', long)).toEqual(['max-lines-per-function']);
    expect(await brokenRulesOf('apps/web/src/features/catalog/components/new-panel.tsx', long)).toEqual(['max-lines-per-function']);
    expect(await brokenRulesOf('packages/domain/src/new-rule.ts', long)).toEqual(['max-lines-per-function']);
  });

  it('tests and seed data may hold longer ones', async () => {
    expect(await brokenRulesOf('apps/server/src/modules/orders/new-part.test.ts', long)).toEqual([]);
    expect(await brokenRulesOf('apps/server/src/seed/new-seed.ts', long)).toEqual([]);
  });
});
