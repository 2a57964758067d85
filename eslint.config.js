// One lint configuration for every workspace. Besides the usual checks it holds the walls of the
// house (docs/architecture.md): which folder may import which. Those walls are the zones of
// import-x/no-restricted-paths below; apps/server/src/lint-boundaries.test.ts shows each of them failing and passing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);
const webSrc = at('apps/web/src');
const serverSrc = at('apps/server/src');
const domain = at('packages/domain');

/** The folders directly inside `dir` (features of the web app, modules of the server). */
const foldersIn = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const layering = (why) => `${why} See docs/architecture.md.`;

// --- The web app ---------------------------------------------------------------------------------
// A feature imports only what it is given: components/, lib/, the providers of app/, the domain
// package, npm packages, and itself. One zone per feature, because "itself" differs per feature.
const webFeatureZones = foldersIn(path.join(webSrc, 'features')).map((feature) => ({
  target: path.join(webSrc, 'features', feature, '**'),
  from: `${root}/{apps,packages}/**`,
  except: [
    path.join(webSrc, 'features', feature, '**'),
    path.join(webSrc, 'components/**'),
    path.join(webSrc, 'lib/**'),
    path.join(webSrc, 'app/providers/**'),
    path.join(domain, '**'),
    '**/node_modules/**',
  ],
  message: layering(
    `A feature (features/${feature}) imports only components/, lib/, app/providers/, @portal/domain and itself; ` +
      'what two features share belongs in lib/ or components/, or comes through an app provider.',
  ),
}));

const webLayerZones = [
  {
    target: [path.join(webSrc, 'lib/**'), path.join(webSrc, 'components/**')],
    from: [path.join(webSrc, 'features/**'), path.join(webSrc, 'app/**')],
    message: layering('lib/ and components/ are the ground floor of the web app: they import no feature and nothing of app/.'),
  },
];

// --- The server ----------------------------------------------------------------------------------
// A module's repository (its SQL) is private to it: other modules call its service. One zone per
// module: everything outside modules/<name>/ may not import modules/<name>/repository.ts or
// modules/<name>/*-repository.ts.
const serverModuleZones = foldersIn(path.join(serverSrc, 'modules')).map((module) => ({
  target: [
    path.join(serverSrc, `modules/!(${module})/**`),
    path.join(serverSrc, '!(modules)/**'),
    path.join(serverSrc, '*'),
    at('apps/server/*'),
    at('apps/server/tools/**'),
  ],
  from: path.join(serverSrc, 'modules', module, '{repository,*-repository}.ts'),
  message: layering(`modules/${module}'s repository is private to it; call its service instead.`),
}));

// A module has one door: its index.ts, the entrance that names what the rest of the server may use.
// Everything outside modules/<name>/ (other modules, app.ts, cli/, seed/, bench/, tools/) imports
// modules/<name>/index.ts and no other file of it. Two openings: a module's SQL files (schema.ts,
// repository.ts, *-repository.ts) may name another module's schema.ts, for a foreign key or a join
// (drizzle-kit reads the schema files alone; and through the entrance a table could still be
// undefined when a repository's top-level SQL fragment reads it, the entrances importing each
// other); and a test may reach another module's fixtures and internals.
const serverEntranceZones = foldersIn(path.join(serverSrc, 'modules')).map((module) => ({
  target: [
    path.join(serverSrc, `modules/!(${module})/**/!(*.test|schema|repository|*-repository).ts`),
    path.join(serverSrc, '!(modules)/**/!(*.test).ts'),
    path.join(serverSrc, '!(*.test).ts'),
    at('apps/server/*'),
    at('apps/server/tools/**'),
  ],
  from: path.join(serverSrc, 'modules', module),
  except: ['./index.ts'],
  message: layering(`modules/${module} is entered through its index.ts only; export what you need there.`),
}));

const serverTableZones = foldersIn(path.join(serverSrc, 'modules')).map((module) => ({
  target: path.join(serverSrc, `modules/!(${module})/{schema,repository,*-repository}.ts`),
  from: path.join(serverSrc, 'modules', module),
  except: ['./index.ts', './schema.ts'],
  message: layering(`A module's SQL files name another module's schema.ts (its tables) or its entrance, nothing else of it.`),
}));

const serverLayerZones = [
  {
    // Their tests may start the whole app; the code itself sits below the modules.
    target: [path.join(serverSrc, 'http/**/!(*.test).ts'), path.join(serverSrc, 'db/**/!(*.test).ts')],
    from: path.join(serverSrc, 'modules/**'),
    message: layering('http/ and db/ are beneath the modules: they never import modules/.'),
  },
];

// --- Between the workspaces ----------------------------------------------------------------------
// The domain package stands under both apps; the apps stand beside each other, never on each other.
const workspaceZones = [
  {
    target: path.join(domain, '**'),
    from: at('apps/**'),
    message: layering('packages/domain is the base of the house: it imports nothing of the apps.'),
  },
  {
    // The end-to-end tests (apps/web/e2e) may read the server's seed fixtures; the app itself may not.
    target: [path.join(webSrc, '**'), at('apps/web/tools/**'), at('apps/web/*.ts')],
    from: at('apps/server/**'),
    message: layering('The web app talks to the server over HTTP only; it imports no server source.'),
  },
  {
    target: at('apps/server/**'),
    from: at('apps/web/**'),
    message: layering('The server imports nothing of the web app.'),
  },
];

/** Every zone of the house, by wall. */
const boundaryZones = {
  workspaces: workspaceZones,
  webFeatures: webFeatureZones,
  webLayers: webLayerZones,
  serverModules: serverModuleZones,
  serverEntrances: serverEntranceZones,
  serverTables: serverTableZones,
  serverLayers: serverLayerZones,
};

// --- The domain's two entries --------------------------------------------------------------------
// packages/domain/src/rules.ts (`@portal/domain/rules`) exports the zod-free rules, index.ts
// (`@portal/domain`) the API's schemas. A file rules.ts exports, or any `*-rules.ts`, imports no zod
// and takes nothing but types from a schema file, so nothing reachable from the rules entry loads zod.
const domainModulesOf = (entry) =>
  [...readFileSync(path.join(domain, 'src', entry), 'utf8').matchAll(/from '\.\/(.+)\.js'/g)].map(([, module]) => module);
const domainRuleFiles = [
  ...domainModulesOf('rules.ts').map((module) => `packages/domain/src/${module}.ts`),
  'packages/domain/src/**/*-rules.ts',
];
const domainSchemaImports = [...new Set(domainModulesOf('index.ts').map((module) => `**/${path.basename(module)}.js`))];
const ZOD_FREE_RULES = [
  'error',
  {
    patterns: [
      {
        group: ['zod', 'zod/*'],
        message:
          'A rule file of packages/domain (exported by src/rules.ts) imports no zod; schemas go in the API files. See docs/architecture.md.',
      },
      {
        group: domainSchemaImports,
        allowTypeImports: true,
        message: 'A rule file of packages/domain takes only types from a schema file (it would load zod). See docs/architecture.md.',
      },
    ],
  },
];

const restrict = (...patterns) => [
  'error',
  { patterns: [{ group: patterns, message: 'This import breaks the layering of docs/architecture.md.' }] },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type A } from 'x'` still loads x (verbatimModuleSyntax keeps `import 'x'`): a type-only
      // import must be `import type`, or a screen can pull a module (and zod with it) it never uses (issue 21).
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves imports the way TypeScript, Vite and Vitest do, so a zone sees the file an import
      // lands on: '.js' in server imports names the '.ts' source; '@/' is the web app's src/.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
          alias: { '@': [webSrc] },
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: Object.values(boundaryZones).flat() }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Which npm packages a layer may use; which folders it may import is up to the zones above.
    files: ['packages/domain/src/**/*.ts'],
    rules: { 'no-restricted-imports': restrict('node:*', 'fs', 'path', 'pg', 'drizzle-orm*', 'react*', '@mantine/*') },
  },
  {
    files: domainRuleFiles,
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ZOD_FREE_RULES },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-imports': restrict('react*', '@mantine/*') },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict('drizzle-orm*', 'pg', 'node:*') },
  },
  // No function over 80 lines outside tests and seed data (issue 33): a long function is split into
  // named steps a newcomer can follow.
  {
    files: [
      'apps/server/src/**/*.ts',
      'apps/server/tools/**/*.{ts,mjs}',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/web/tools/**/*.ts',
      'packages/domain/src/**/*.ts',
    ],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*-test-support.ts',
      '**/*-fixtures.ts',
      'apps/server/src/test-support/**',
      'apps/server/src/seed/**',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
);
