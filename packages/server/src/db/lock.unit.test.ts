import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

describe('data folder lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plaza-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second holder while the first holds the folder', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Plaza process/);
    lock.release();
    expect(existsSync(path.join(dir, 'plaza.lock'))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, 'plaza.lock'),
      JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname() }),
    );
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'plaza.lock'), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });
});
