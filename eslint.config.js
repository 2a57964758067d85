// One lint configuration for every workspace. The import-direction rules enforce the layering of
// architecture.md: domain <- server, domain <- web; inside web lib/components <- features <- app,
// and a feature never reaches into another feature.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (...patterns) => [
  'error',
  { patterns: [{ group: patterns, message: 'This import breaks the layering of architecture.md.' }] },
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
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: { 'no-restricted-imports': restrict('node:*', 'fs', 'path', 'pg', 'drizzle-orm*', 'react*', '@mantine/*', '**/apps/**') },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-imports': restrict('**/apps/web/**', '**/web/src/**', 'react*', '@mantine/*') },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict('**/features/**', '**/app/**', '**/apps/server/**', 'drizzle-orm*', 'pg') },
  },
  {
    // From features/<name>/<folder>/file.tsx, '../../<other>/...' is another feature's internals.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict('**/app/**', '**/apps/server/**', 'drizzle-orm*', 'pg', '../../*/**', '!../../../**'),
    },
  },
);
