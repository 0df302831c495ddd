import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A held lock on a data folder. */
export interface DataDirLock {
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, holder: string) {
    super(
      `The data folder ${dataDir} is in use by another Plaza process (${holder}). ` +
        'PGlite allows one process at a time: stop the other process first, or use DATABASE_URL for PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `<dataDir>/plaza.lock`; PGlite has no cross-process lock and two writers would lose data. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'plaza.lock');
  const content = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, content);
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: { pid?: number; host?: string } = {};
      try {
        holder = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // unreadable lock: treat as stale
      }
      const sameHost = holder.host === undefined || holder.host === os.hostname();
      if (holder.pid && (!sameHost || isAlive(holder.pid))) {
        throw new DataDirLockedError(dataDir, `pid ${holder.pid} on ${holder.host ?? 'this host'}`);
      }
      unlinkSync(file);
    }
  }
  throw new DataDirLockedError(dataDir, 'unknown');
}
