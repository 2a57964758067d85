/**
 * `npm run bench -- <suite> [options]`: speed checks of performance.md (never timed test
 * assertions). Each suite reports p50/p95 of the endpoints beside the same SQL run directly, and
 * the report is appended to bench/results/<date>.md, so a quoted run can be committed.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';

const suites: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  catalog: () => import('./catalog-bench.js'),
  // The in-process search index alone, single queries (decision 023).
  'catalog-index': () => import('./catalog-index-bench.js'),
  orders: () => import('./orders-bench.js'),
  // Lighthouse on the web app's login, catalog and cart pages (issue 21).
  web: () => import('./web-bench.js'),
  // A user's login while others flood the password-hashing calls (issue 31).
  login: () => import('./login-bench.js'),
  cluster: () => import('./cluster-bench.js'),
  // Outbound events: deliveries per second, and order completion with a subscription (issue 35).
  webhooks: () => import('./webhooks-bench.js'),
};

const [name, ...args] = process.argv.slice(2);
const load = name ? suites[name] : undefined;
if (!load) {
  console.error(`usage: npm run bench -- <${Object.keys(suites).join('|')}> [options]`);
  process.exit(2);
}

/** Progress lines ("  endpoint: x... done") are not part of the report. */
const isProgress = (line: string) => /^ {2}(endpoint|SQL ceiling): /.test(line);
const report: string[] = [];
const print = console.log.bind(console);
console.log = (...values: unknown[]) => {
  const text = values.map(String).join(' ');
  for (const line of text.split('\n')) if (!isProgress(line)) report.push(line);
  print(...values);
};

function commitOf(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${head} with uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

await (await load()).run(args);

const started = new Date();
const folder = path.join(REPO_ROOT, 'bench/results');
mkdirSync(folder, { recursive: true });
const file = path.join(folder, `${started.toISOString().slice(0, 10)}.md`);
const heading = existsSync(file) ? '' : `# Benchmark results ${started.toISOString().slice(0, 10)}\n`;
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
appendFileSync(
  file,
  `${heading}\n## ${name} suite, ${started.toISOString().slice(11, 16)} UTC\n\n` +
    `\`npm run bench -- ${[name, ...args].join(' ')}\` on commit ${commitOf()}; ${os.cpus().length} × ${cpu}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.\n\n\`\`\`\n${reportText()}\n\`\`\`\n`,
);
/** The report as the file keeps it: no trailing spaces (rows without a target end in them), as Prettier wants. */
function reportText(): string {
  return report
    .join('\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

print(`\nreport appended to ${path.relative(process.cwd(), file)}`);
