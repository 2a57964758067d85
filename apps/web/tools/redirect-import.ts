/**
 * Points one library module's import of a package at a module of ours (vite.config.ts: Mantine's
 * ScrollArea takes `useMergeRefs` from src/lib/merge-refs.ts instead of @floating-ui/react). The
 * build fails when no such import was seen, so a library upgrade that moves it is noticed rather
 * than silently bringing the package back.
 */
import type { Plugin } from 'vite';

export type RedirectImportOptions = {
  /** The importing module, tested against its resolved id. */
  importer: RegExp;
  /** The specifier it imports (a package name). */
  source: string;
  /** The absolute path of the module to load instead. */
  to: string;
};

export function redirectImport({ importer, source, to }: RedirectImportOptions): Plugin {
  let redirected = false;
  return {
    name: 'portal:redirect-import',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      redirected = false;
    },
    resolveId(specifier, from) {
      if (specifier !== source || !from || !importer.test(from)) return null;
      redirected = true;
      return to;
    },
    buildEnd(error) {
      if (!error && !redirected)
        this.error(`redirect import: no module matching ${importer} imported ${source}; see apps/web/vite.config.ts`);
    },
  };
}
