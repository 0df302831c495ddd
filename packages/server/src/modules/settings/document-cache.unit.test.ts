import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { cachedDocument, forgetSettingsDocuments, SETTINGS_CACHE_MS } from './document-cache';

/** A stand-in database: the cache keys its state by the database object only. */
const database = () => ({}) as Db;

/** A load that counts its calls and answers `value` once released. */
function loader(value: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const load = vi.fn(async () => {
    await released;
    return value;
  });
  return { load, release };
}

describe('the parsed settings documents', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are read once while fresh', async () => {
    const db = database();
    const { load, release } = loader('first');
    release();
    expect(await cachedDocument(db, 'settings', load)).toBe('first');
    expect(await cachedDocument(db, 'settings', load)).toBe('first');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('are read again by one call when their time is up, while the calls meanwhile keep the old copy', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = database();
    const first = loader('old');
    first.release();
    await cachedDocument(db, 'settings', first.load);
    vi.setSystemTime(Date.now() + SETTINGS_CACHE_MS);

    const second = loader('new');
    const reading = cachedDocument(db, 'settings', second.load);
    const meanwhile = await Promise.all([
      cachedDocument(db, 'settings', second.load),
      cachedDocument(db, 'settings', second.load),
    ]);
    expect(meanwhile).toEqual(['old', 'old']);
    second.release();
    expect(await reading).toBe('new');
    expect(await cachedDocument(db, 'settings', second.load)).toBe('new');
    expect(second.load).toHaveBeenCalledTimes(1);
  });

  it('are read again at once after a change', async () => {
    const db = database();
    const first = loader('before');
    first.release();
    await cachedDocument(db, 'menu', first.load);
    forgetSettingsDocuments(db);
    const second = loader('after');
    second.release();
    expect(await cachedDocument(db, 'menu', second.load)).toBe('after');
  });
});
