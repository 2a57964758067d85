/** Types of build.mjs for the TypeScript tests that import it (apps/server/src/process/built-server.test.ts). */
export const REPO_ROOT: string;
export const DIST_DIR: string;
export const WEB_DIST_DIR: string;
export const STAMP_FILE: string;
export const SERVER_ENTRIES: Record<string, string>;
export const WEB_INPUTS: string[];
export const SERVER_INPUTS: string[];
export type Stamp = { web?: string; server?: string; builtAt?: string };
export function hashInputs(inputs: string[], root?: string): string;
export function readStamp(file?: string): Stamp;
export function staleParts(options?: { stamp?: Stamp; webHash?: string; serverHash?: string; distDir?: string; webDistDir?: string }): {
  web: boolean;
  server: boolean;
  webHash: string;
  serverHash: string;
};
export function run(command: string, args: string[], options?: { stdio?: 'inherit' | 'ignore' }): Promise<number>;
export function buildWeb(): Promise<void>;
export function buildServer(outDir?: string): Promise<void>;
export function writeStamp(parts: Stamp, file?: string): void;
export function buildAll(options?: {
  force?: boolean;
  serverOnly?: boolean;
  log?: (line: string) => void;
  whileWebBuilds?: () => Promise<unknown>;
}): Promise<string[]>;
