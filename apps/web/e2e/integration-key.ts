import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where playwright.config.ts's server start leaves the output of `portal keys create` for the server on `port`. */
export function integrationKeyFile(port: number): string {
  return path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'), 'test-results', `e2e-api-key-${port}.txt`);
}

/** The integration API key of this run's server (the last line `keys create` printed). */
export function integrationKey(): string {
  const lines = readFileSync(integrationKeyFile(Number(process.env.E2E_PORT ?? 3100)), 'utf8')
    .trim()
    .split('\n');
  return lines[lines.length - 1]!.trim();
}
