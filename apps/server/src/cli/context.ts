/**
 * What a command of the portal tool works with: the database (opened only when a command needs it,
 * so `--help` and bad arguments never touch it), output lines, raw standard output (exports), and
 * whether that output is a terminal (progress bars). Tests pass their own.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { dollarsToCents } from '@portal/domain/rules';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

export type CliContext = {
  database(): Promise<Database>;
  config: Pick<Config, 'mode' | 'publicUrl' | 'port'>;
  /** One line of normal output (stdout). */
  out(line: string): void;
  /** One line of diagnostics (stderr): errors, warnings, progress summaries when stdout is a file. */
  err(line: string): void;
  /** Raw standard output, waiting for it to drain (exports). */
  write(chunk: string): Promise<void>;
  /** Standard output is a terminal: progress bars and tables for people. */
  isTty: boolean;
  /** Progress bar stream (stderr), when it is a terminal. */
  progressStream?: NodeJS.WritableStream;
};

/** A refusal with its message and exit code: 2 for bad usage, 1 when the work itself failed. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, 2);

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs with `--help` added and its errors turned into usage errors. */
export function parseCommand<O extends Options>(args: string[], options: O, help: string) {
  try {
    return parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageError(`${(error as Error).message.replace(/\. To specify a positional argument.*$/s, '.')}\n\n${help}`);
  }
}

/** A whole number flag or positional (an id), or a usage error naming it. */
export function wholeNumberArg(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw usageError(`${what} must be a positive whole number${value === undefined ? '' : `, not "${value}"`}.`);
  return Number(value);
}

/** Dollars (`25`, `25.5`, `25.50`) to cents, or a usage error. */
export function centsArg(value: string, what: string): number {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value.trim())) throw usageError(`${what} must be an amount in dollars such as 25.00, not "${value}".`);
  return dollarsToCents(Number(value.trim()));
}

export const listArg = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** The bytes of an input file named on the command line; a missing or unreadable one is refused with its reason. */
export async function readInputFile(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new CliError(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`,
    );
  }
}
