/**
 * Every way of starting the server gives node the server's flags (node-flags.ts): the `npm start`
 * scripts and the image's command. The benchmarks' server reads SERVER_NODE_FLAGS itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { SERVER_NODE_FLAGS } from './node-flags.js';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const startScript = (file: string) => (JSON.parse(read(file)) as { scripts: { start: string } }).scripts.start;

describe("the server's node flags", () => {
  it.each(['package.json', 'apps/server/package.json'])('%s starts node with them', (file) => {
    expect(startScript(file)).toMatch(new RegExp(`^node ${SERVER_NODE_FLAGS.join(' ')} \\S*tools/start\\.mjs`));
  });

  it("the image's command starts node with them", () => {
    const command = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(command ?? '[]')).toEqual(['node', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js']);
  });
});
