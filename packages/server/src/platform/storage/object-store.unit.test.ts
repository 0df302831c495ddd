import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type S3Fake, startS3Fake } from '../../../test/s3-fake';
import { loadConfig } from '../../config';
import { copyObjects, createLocalStore, createObjectStore, type ObjectStore, readObject } from './index';

const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'plaza-store-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function keysOf(store: ObjectStore, prefix: string) {
  const entries: { key: string; size: number }[] = [];
  for await (const entry of store.list(prefix)) entries.push(entry);
  return entries.sort((a, b) => (a.key < b.key ? -1 : 1));
}

describe('STORAGE_URL', () => {
  it('reads an S3 URL: endpoint, bucket, region, path style and URL-encoded credentials', () => {
    const config = loadConfig({
      STORAGE_URL:
        's3://AKIA%2FX:s%2Bcr%40t@minio.internal:9000/plaza-files?region=eu-central-1&forcePathStyle=true&tls=false',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      endpoint: 'http://minio.internal:9000',
      bucket: 'plaza-files',
      region: 'eu-central-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA/X', secretAccessKey: 's+cr@t' },
    });
    expect(loadConfig({ STORAGE_URL: 's3://s3.amazonaws.com/plaza-files' }).storage).toEqual({
      kind: 's3',
      endpoint: 'https://s3.amazonaws.com',
      bucket: 'plaza-files',
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: null,
    });
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('refuses a bad URL with a message that names the problem and never repeats the secret', () => {
    const bad: [string, RegExp][] = [
      ['not a url', /not a URL/],
      ['https://KEY:topsecret@host/bucket', /scheme must be s3/],
      ['s3://KEY:topsecret@host', /no bucket name/],
      ['s3://KEY:topsecret@host/Bad_Bucket', /no bucket name/],
      ['s3://KEY:topsecret@host/a/b', /no bucket name/],
      ['s3://KEY@host/bucket', /both the access key and the secret/],
      ['s3://KEY:topsecret@host/bucket?tls=maybe', /tls must be true or false/],
      ['s3://KEY:topsecret@host/bucket?endpoint=x', /unknown option "endpoint"/],
      ['s3://KEY:topsecret@host/bucket?region=EU%20West', /region must be/],
      ['s3://KEY:top%E0secret@host/bucket', /badly URL-encoded/],
    ];
    for (const [url, message] of bad) {
      let error: Error | undefined;
      try {
        loadConfig({ STORAGE_URL: url });
      } catch (caught) {
        error = caught as Error;
      }
      expect(error?.message, url).toMatch(/STORAGE_URL: /);
      expect(error?.message, url).toMatch(message);
      expect(error?.message, url).toContain('s3://ACCESS_KEY:SECRET_KEY@host');
      expect(error?.message, url).not.toContain('topsecret');
    }
  });
});

describe.each(['local', 's3'] as const)('the %s store', (kind) => {
  let s3: S3Fake | undefined;
  let store: ObjectStore;

  beforeAll(async () => {
    if (kind === 's3') {
      s3 = await startS3Fake();
      s3.pageSize = 2;
      store = createObjectStore(loadConfig({ STORAGE_URL: s3.storageUrl }));
    } else store = createLocalStore(path.join(tempFolder(), 'uploads'));
  });
  afterAll(async () => {
    await store.close();
    await s3?.close();
  });

  it('puts, gets, lists by prefix (across pages) and deletes objects; missing ones are null or ignored', async () => {
    expect(store.kind).toBe(kind);
    expect(await store.get('files/none')).toBeNull();
    expect(await keysOf(store, '')).toEqual([]);
    const bodies: Record<string, Buffer> = {
      'images/a.webp': Buffer.from('image a'),
      'images/b.webp': Buffer.from('image bb'),
      'images/c.webp': Buffer.from('image ccc'),
      'originals/a.webp': Buffer.from('original'),
      'files/0123': Buffer.alloc(70_000, 7),
    };
    for (const [key, body] of Object.entries(bodies))
      await store.put(key, body, { contentType: 'image/webp' });
    const object = await store.get('files/0123');
    expect(object?.size).toBe(70_000);
    expect((await readObject(store, 'files/0123'))?.equals(bodies['files/0123']!)).toBe(true);
    object?.body.destroy();

    expect(await keysOf(store, 'images/')).toEqual([
      { key: 'images/a.webp', size: 7 },
      { key: 'images/b.webp', size: 8 },
      { key: 'images/c.webp', size: 9 },
    ]);
    expect((await keysOf(store, '')).map((entry) => entry.key)).toEqual(Object.keys(bodies).sort());
    expect(await keysOf(store, 'images/b')).toEqual([{ key: 'images/b.webp', size: 8 }]);

    await store.delete(['images/a.webp', 'images/missing.webp', 'files/0123']);
    await store.delete([]);
    expect(await store.get('images/a.webp')).toBeNull();
    expect((await keysOf(store, '')).map((entry) => entry.key)).toEqual([
      'images/b.webp',
      'images/c.webp',
      'originals/a.webp',
    ]);
  });

  it('refuses keys that leave their folder, before touching anything', async () => {
    for (const key of [
      '',
      '/etc/passwd',
      '../db/x',
      'images/../../x',
      'images/./a',
      'a\\b',
      'a\0b',
      'images//a',
    ]) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(/outside the uploads folder/);
      await expect(store.get(key), key).rejects.toThrow(/outside the uploads folder/);
      await expect(store.delete(['images/b.webp', key]), key).rejects.toThrow(/outside the uploads folder/);
    }
    expect(await store.get('images/b.webp')).not.toBeNull();
    expect(() => store.list('../')).toThrow(/outside the uploads folder/);
  });

  it(
    kind === 's3'
      ? 'signs a URL that downloads the object with the given name and type'
      : 'signs no URL (files go through Plaza)',
    async () => {
      const options = { expiresInSeconds: 60, fileName: 'Bericht ü.pdf', contentType: 'application/pdf' };
      const url = await store.signedUrl('images/c.webp', options);
      if (kind === 'local') {
        expect(url).toBeNull();
        return;
      }
      const answer = await fetch(url!);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(answer.headers.get('content-disposition')).toBe(
        `attachment; filename="Bericht _.pdf"; filename*=UTF-8''Bericht%20%C3%BC.pdf`,
      );
      expect(await answer.text()).toBe('image ccc');
    },
  );
});

describe('copying the uploads folder into a bucket', () => {
  let s3: S3Fake;
  beforeAll(async () => {
    s3 = await startS3Fake();
  });
  afterEach(() => s3.objects.clear());
  afterAll(() => s3.close());

  const localFolder = () => {
    const uploads = path.join(tempFolder(), 'uploads');
    for (const folder of ['images', 'originals', 'files'])
      mkdirSync(path.join(uploads, folder), { recursive: true });
    writeFileSync(path.join(uploads, 'images', `${'a'.repeat(32)}.webp`), 'shown');
    writeFileSync(path.join(uploads, 'originals', `${'a'.repeat(32)}.webp`), 'original');
    writeFileSync(path.join(uploads, 'files', 'f'.repeat(32)), Buffer.alloc(5000, 1));
    return uploads;
  };

  it('copies every file once and skips those already there with the same size', async () => {
    const uploads = localFolder();
    const target = createObjectStore(loadConfig({ STORAGE_URL: s3.storageUrl }));
    try {
      const first = await copyObjects(createLocalStore(uploads), target);
      expect(first).toEqual({ copied: 3, skipped: 0, bytes: 5 + 8 + 5000 });
      expect(s3.objects.get(`images/${'a'.repeat(32)}.webp`)).toEqual({
        body: Buffer.from('shown'),
        contentType: 'image/webp',
      });
      // A file that changed size (a copy cut short) is copied again; the others are skipped.
      s3.objects.set(`files/${'f'.repeat(32)}`, { body: Buffer.from('cut'), contentType: 'x/y' });
      const again = await copyObjects(createLocalStore(uploads), target);
      expect(again).toEqual({ copied: 1, skipped: 2, bytes: 5000 });
      expect(s3.objects.get(`files/${'f'.repeat(32)}`)?.body.length).toBe(5000);
    } finally {
      await target.close();
    }
  });

  const serverRoot = fileURLToPath(new URL('../../..', import.meta.url));
  const plaza = (args: string[], env: NodeJS.ProcessEnv) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const tsx = createRequire(import.meta.url).resolve('tsx');
      const child = spawn(
        process.execPath,
        ['--import', tsx, path.join(serverRoot, 'src/cli/main.ts'), ...args],
        {
          env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
        },
      );
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (out += chunk));
      child.on('close', (code) => resolve({ code, out }));
    });

  // Each run starts the CLI from source through tsx: tens of seconds on a busy machine.
  it('plaza storage:migrate copies DATA_DIR/uploads into the bucket, prints counts, and resumes', async () => {
    const uploads = localFolder();
    const env = { DATA_DIR: path.dirname(uploads), STORAGE_URL: s3.storageUrl };
    const first = await plaza(['storage:migrate'], env);
    expect(first.out).toMatch(
      /Copied 3 file\(s\) \(5013 bytes\) from .*uploads into bucket plaza-test; 0 already there\./,
    );
    expect(first.code).toBe(0);
    expect([...s3.objects.keys()].sort()).toEqual([
      `files/${'f'.repeat(32)}`,
      `images/${'a'.repeat(32)}.webp`,
      `originals/${'a'.repeat(32)}.webp`,
    ]);
    expect(s3.objects.get(`originals/${'a'.repeat(32)}.webp`)?.body.toString()).toBe(
      readFileSync(path.join(uploads, 'originals', `${'a'.repeat(32)}.webp`), 'utf8'),
    );
    const second = await plaza(['storage:migrate'], env);
    expect(second.out).toMatch(/Copied 0 file\(s\) \(0 bytes\) .* 3 already there\./);

    const without = await plaza(['storage:migrate'], { DATA_DIR: path.dirname(uploads) });
    expect(without.code).toBe(1);
    expect(without.out).toContain('set STORAGE_URL to the bucket to copy into');
  }, 240_000);
});
