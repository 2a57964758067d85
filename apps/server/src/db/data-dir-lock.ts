/**
 * An exclusive lock on DATA_DIR (issue 17, finding 3): the embedded database is one process's files,
 * and a second process opening them while the first runs corrupts them for good. The lock is a file
 * `DATA_DIR/portal.lock` created with O_EXCL holding the owner's pid; a lock whose pid no longer runs
 * (a crash, kill -9) is stale and taken over. Taken before the database is touched, released on close
 * and on any exit of this process.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'portal.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another server process (pid ${pid}). Stop it first or use another DATA_DIR; ` +
        `if no such process is a portal server, delete ${path.join(dataDir, LOCK_FILE_NAME)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = { path: string; release(): void };

type Owner = { pid: number; hostname: string };

function readOwner(file: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && Number.isInteger(owner.pid) && owner.pid > 0
      ? { pid: owner.pid, hostname: String(owner.hostname ?? '') }
      : undefined;
  } catch {
    return undefined; // missing, half written or not ours: treated as stale
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, another user's
  }
}

/** Whether the owner may still hold the lock: its pid runs here, or it is another host's (a shared disk). */
function isLive(owner: Owner | undefined): owner is Owner {
  if (!owner) return false;
  if (owner.hostname && owner.hostname !== os.hostname()) return true;
  return owner.pid !== process.pid && isRunning(owner.pid);
}

/** Takes the lock or throws DataDirLockedError naming the directory and the owner's pid. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const content = JSON.stringify({ pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() });
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    if (isLive(owner)) throw new DataDirLockedError(dataDir, owner.pid);
    if (attempt >= 5) throw new Error(`Could not take the lock ${file}: it keeps changing`);
    // Stale. Move it aside under a name of our own, then check that what moved is the stale file and
    // not a fresh lock another starter took meanwhile (which goes back, and the loop sees it as live).
    const aside = `${file}.stale-${process.pid}-${attempt}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // another starter moved it
      throw error;
    }
    const moved = readOwner(aside);
    if (isLive(moved)) {
      try {
        linkSync(aside, file);
      } catch {
        // a third starter holds the name now; the loop reads it
      }
    }
    unlinkSync(aside);
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never a file another process took after a takeover.
    if (readOwner(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', release);
  return { path: file, release };
}
