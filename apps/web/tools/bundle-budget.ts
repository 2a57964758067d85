/**
 * The JavaScript size budget of performance.md ("Web"), issues 15 and 21: checked by every
 * `vite build` (so by `npm run build`), which fails when a budget is exceeded.
 *
 * - First page: all the JavaScript a signed-out visitor's browser loads to show the login page:
 *   the entry chunk, its static imports (index.html's modulepreloads), the lazily loaded route
 *   chunk of the page and that chunk's static imports (Vite preloads them with it).
 * - Every chunk loaded on demand (a route screen, a layout route such as the signed-in shell, a
 *   lazily imported library), with the static imports it brings that the entry does not have.
 *
 * Sizes are of the files as written, gzipped at zlib's default level (as Vite's size report), in
 * KB of 1024 bytes.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { withStaticImports } from './chunk-graph.ts';

export type BundleBudgetOptions = {
  /** The page a signed-out visitor opens first: a label, its route module (relative to the Vite root) and its budget in KB. */
  firstPage: { label: string; module: string; maxKB: number };
  /** The budget in KB of every chunk loaded on demand, with the static imports it adds to the entry's. */
  lazyChunkMaxKB: number;
};

/** What the budget needs of an output chunk (Rollup's and Rolldown's OutputChunk have it). */
export type BudgetChunk = {
  fileName: string;
  code: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
};

export type BudgetRow = { label: string; files: { fileName: string; bytes: number }[]; bytes: number; maxBytes: number };

/** Measures one build's chunks against the budget: the first page's row first, then one row per on-demand chunk, largest first. */
export function measureBudget(chunks: BudgetChunk[], root: string, options: BundleBudgetOptions): BudgetRow[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const sizes = new Map<string, number>();
  const sizeOf = (fileName: string) => {
    let size = sizes.get(fileName);
    if (size === undefined) sizes.set(fileName, (size = gzipSync(byFile.get(fileName)!.code).length));
    return size;
  };
  const row = (label: string, fileNames: Iterable<string>, maxKB: number): BudgetRow => {
    const files = [...fileNames].map((fileName) => ({ fileName, bytes: sizeOf(fileName) })).sort((a, b) => b.bytes - a.bytes);
    return { label, files, bytes: files.reduce((sum, file) => sum + file.bytes, 0), maxBytes: maxKB * 1024 };
  };
  const labelOf = (chunk: BudgetChunk) => {
    if (!chunk.facadeModuleId) return chunk.fileName;
    const id = chunk.facadeModuleId.split(path.sep).join('/');
    const inPackage = id.lastIndexOf('/node_modules/');
    return inPackage >= 0 ? id.slice(inPackage + '/node_modules/'.length) : path.posix.relative(root.split(path.sep).join('/'), id);
  };

  const entry = withStaticImports(
    byFile,
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
  );
  const firstPageId = path.resolve(root, options.firstPage.module);
  const firstPageChunk = chunks.find((chunk) => chunk.moduleIds.includes(firstPageId));
  if (!firstPageChunk) {
    throw new Error(
      `bundle budget: no chunk holds ${options.firstPage.module}; point firstPage.module (vite.config.ts) at the first page's route module.`,
    );
  }
  const firstPage = row(options.firstPage.label, withStaticImports(byFile, [...entry, firstPageChunk.fileName]), options.firstPage.maxKB);

  const onDemand = chunks
    .filter((chunk) => chunk.isDynamicEntry && chunk !== firstPageChunk)
    .map((chunk) => {
      const added = [...withStaticImports(byFile, [chunk.fileName])].filter((fileName) => !entry.has(fileName));
      return row(labelOf(chunk), added, options.lazyChunkMaxKB);
    })
    .sort((a, b) => b.bytes - a.bytes);
  return [firstPage, ...onDemand];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The table the build prints: every row, and the files of the first page. */
export function formatBudget(rows: BudgetRow[]): string {
  const [firstPage, ...onDemand] = rows;
  const width = Math.max(...rows.map((row) => row.label.length), ...(firstPage?.files ?? []).map((file) => file.fileName.length + 2));
  const line = (label: string, bytes: string, budget = '', files = '', status = '') =>
    `${label.padEnd(width)}  ${bytes.padStart(9)}  ${budget.padStart(9)}  ${files.padStart(5)}  ${status}`.trimEnd();
  const rowLine = (row: BudgetRow) =>
    line(row.label, kb(row.bytes), kb(row.maxBytes), String(row.files.length), row.bytes > row.maxBytes ? 'OVER BUDGET' : 'ok');
  const lines = ['JavaScript size budget (gzipped)', line('download', 'size', 'budget', 'files')];
  if (firstPage) lines.push(rowLine(firstPage), ...firstPage.files.map((file) => line(`  ${file.fileName}`, kb(file.bytes))));
  lines.push('', 'loaded on demand (with the static imports the entry does not have)', ...onDemand.map(rowLine));
  return lines.join('\n');
}

/** The Vite plugin: measures the written chunks, prints the table, fails the build over budget. */
export function bundleBudget(options: BundleBudgetOptions): Plugin {
  let root = process.cwd();
  let log: (message: string) => void = console.log;
  let rows: BudgetRow[] | undefined;
  return {
    name: 'portal:bundle-budget',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      log = (message) => config.logger.info(message);
    },
    writeBundle(_output, bundle) {
      rows = measureBudget(
        Object.values(bundle).filter((item) => item.type === 'chunk'),
        root,
        options,
      );
    },
    // After Vite's own file list, so the table is the last thing the build prints.
    closeBundle() {
      if (!rows) return;
      log(`\n${formatBudget(rows)}\n`);
      const over = rows.filter((row) => row.bytes > row.maxBytes);
      rows = undefined;
      if (over.length === 0) return;
      const details = over.map((row) => {
        const largest = row.files.slice(0, 5).map((file) => `${file.fileName} ${kb(file.bytes)}`);
        return `- ${row.label}: ${kb(row.bytes)} gzipped, budget ${kb(row.maxBytes)}; largest files: ${largest.join(', ')}`;
      });
      this.error(
        `JavaScript size budget exceeded (performance.md "Web"):\n${details.join('\n')}\n` +
          'Load that code on demand (a lazy route, React.lazy or import()) or out of the entry; budgets: apps/web/vite.config.ts.',
      );
    },
  };
}
