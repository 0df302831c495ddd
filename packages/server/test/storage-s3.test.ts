import { existsSync } from 'node:fs';
import path from 'node:path';
import { limits } from '@plaza/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { TestClient } from './client';
import { buildGroup, buildUser, testPassword } from './factories';
import { uploadFiles } from './multipart';
import { type S3Fake, startS3Fake } from './s3-fake';

type Member = Awaited<ReturnType<typeof buildUser>>;

const pdf = (marker: string, padTo = 0) => {
  const head = Buffer.from(`%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <</Type /Catalog>> endobj\n% ${marker}\n`);
  const tail = Buffer.from('trailer <<>>\n%%EOF\n');
  const padding = Buffer.alloc(Math.max(0, padTo - head.length - tail.length), 0x20);
  return Buffer.concat([head, padding, tail]);
};

/**
 * Uploads kept in an S3-compatible bucket (`STORAGE_URL`): the real AWS SDK against the in-process
 * fake of test/s3-fake.ts, which checks every request's signature. Plaza serves the files with the
 * same access checks and headers as from the local folder, or sends a large one to a signed URL.
 */
describe('uploads in an S3-compatible bucket', () => {
  let s3: S3Fake;
  let t: TestApp;
  let second: TestApp;
  let owner: Member;
  let outsider: Member;
  let ownerClient: TestClient;
  let outsiderClient: TestClient;
  let privateGroupId: number;
  let topicId: number;

  beforeAll(async () => {
    s3 = await startS3Fake();
    t = await createTestApp({ env: { STORAGE_URL: s3.storageUrl } });
    // A second instance on the same database and bucket, as a second server would run.
    second = await createTestApp({ env: { STORAGE_URL: s3.storageUrl }, database: t.database });
    owner = await buildUser(t.db, { firstname: 'Olga', lastname: 'Owner' });
    outsider = await buildUser(t.db);
    ownerClient = new TestClient(t.app);
    await ownerClient.login(owner.username, testPassword);
    outsiderClient = new TestClient(t.app);
    await outsiderClient.login(outsider.username, testPassword);
    privateGroupId = (await buildGroup(t.db, { type: 'private', admins: [owner] })).id;
    const [topic] = await t.db
      .insert(topics)
      .values({ group_id: privateGroupId, name: 'Plans', description: 'd', author_id: owner.id })
      .returning();
    topicId = topic!.id;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await s3?.close();
  });

  const localUploads = () => path.join(t.config.dataDir, 'uploads');

  it('stores an uploaded image and its original in the bucket and serves it with the cache headers', async () => {
    expect(t.storage.kind).toBe('s3');
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const upload = await uploadFiles(ownerClient, '/api/v2/groups/image', { data: png, filename: 'a.png' });
    expect(upload.statusCode).toBe(201);
    const image = upload.json();
    const key = image.url.replace(/^\/uploads\//, '');
    expect(key).toMatch(/^images\/[0-9a-f]{32}\.webp$/);
    expect(s3.objects.get(key)?.contentType).toBe('image/webp');
    expect(s3.objects.has(image.original.url.replace(/^\/uploads\//, ''))).toBe(true);
    expect(existsSync(localUploads())).toBe(false);

    const served = await ownerClient.get(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(served.headers['content-length'])).toBe(s3.objects.get(key)!.body.length);
    expect(served.rawPayload.equals(s3.objects.get(key)!.body)).toBe(true);

    // A crop reads the original back from the bucket and replaces the shown object.
    const crop = await ownerClient.put('/api/v2/groups/image', {
      id: image.id,
      coordinates: { x: 0, y: 0, width: 300, height: 300 },
    });
    expect(crop.statusCode).toBe(200);
    const cropped = crop.json();
    expect(cropped.url).not.toBe(image.url);
    expect(s3.objects.has(key)).toBe(false);
    const shown = await sharp((await ownerClient.get(cropped.url)).rawPayload).metadata();
    expect(shown).toMatchObject({ format: 'webp', width: 300, height: 300 });
    expect((await ownerClient.get(image.url)).statusCode).toBe(404);
    expect((await ownerClient.get(`/uploads/images/${'c'.repeat(32)}.webp`)).statusCode).toBe(404);
  });

  it('serves a group file from the bucket with the download headers, and only to who may read the group', async () => {
    const data = pdf('minutes');
    const upload = await uploadFiles(ownerClient, `/api/v2/groups/${privateGroupId}/files`, {
      data,
      filename: 'Protokoll März.pdf',
    });
    expect(upload.statusCode).toBe(201);
    const file = upload.json();
    const stored = [...s3.objects.entries()].find(([, object]) => object.body.equals(data));
    expect(stored?.[0]).toMatch(/^files\/[0-9a-f]{32}$/);
    expect(stored?.[1].contentType).toBe('application/pdf');

    const download = await ownerClient.get(file.link);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(data.length));
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Protokoll M_rz.pdf"; filename*=UTF-8''Protokoll%20M%C3%A4rz.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(download.headers['cache-control']).toBe('private, no-cache');
    expect(download.rawPayload.equals(data)).toBe(true);

    const anonymous = await new TestClient(t.app).get(file.link);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors[0].code).toBe('unauthenticated');
    // Not a member of the private group: the file does not exist for them.
    expect((await outsiderClient.get(file.link)).statusCode).toBe(404);
    const refused = await uploadFiles(outsiderClient, `/api/v2/groups/${privateGroupId}/files`, {
      data: pdf('intruder'),
      filename: 'x.pdf',
    });
    expect(refused.statusCode).toBe(404);
    expect([...s3.objects.values()].some((object) => object.body.includes('intruder'))).toBe(false);
  });

  it('sends a large file, after the access check, to a short-lived signed URL that downloads from the bucket', async () => {
    const data = pdf('large', limits.signedDownloadMinBytes);
    expect(data.length).toBe(limits.signedDownloadMinBytes);
    const upload = await uploadFiles(ownerClient, `/api/v2/topics/${topicId}/files`, {
      data,
      filename: 'Großer Plan.pdf',
    });
    expect(upload.statusCode).toBe(201);
    const file = upload.json();

    const answer = await ownerClient.get(file.link);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const location = new URL(String(answer.headers.location));
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(limits.signedDownloadSeconds));
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(fetched.headers.get('content-disposition')).toBe(
      `attachment; filename="Gro_er Plan.pdf"; filename*=UTF-8''Gro%C3%9Fer%20Plan.pdf`,
    );
    expect(Buffer.from(await fetched.arrayBuffer()).equals(data)).toBe(true);
    // The fake checks the signature: the URL altered is refused.
    location.searchParams.set('response-content-type', 'text/html');
    expect((await fetch(location)).status).toBe(403);

    // Refused callers get no URL.
    expect((await new TestClient(t.app).get(file.link)).statusCode).toBe(401);
    const outsider = await outsiderClient.get(file.link);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.headers.location).toBeUndefined();
  });

  it('deletes the object when the file is deleted', async () => {
    const data = pdf('short-lived');
    const file = (
      await uploadFiles(ownerClient, `/api/v2/groups/${privateGroupId}/files`, { data, filename: 'x.pdf' })
    ).json();
    const key = [...s3.objects.entries()].find(([, object]) => object.body.equals(data))![0];
    expect(
      (await outsiderClient.delete(`/api/v2/groups/${privateGroupId}/files/${file.id}`)).statusCode,
    ).toBe(404);
    expect(s3.objects.has(key)).toBe(true);
    const removed = await ownerClient.delete(`/api/v2/groups/${privateGroupId}/files/${file.id}`);
    expect(removed.statusCode).toBe(200);
    expect(s3.objects.has(key)).toBe(false);
    expect(s3.requests.some((line) => /^POST \/plaza-test\/?\?delete/.test(line))).toBe(true);
    expect((await ownerClient.get(file.link)).statusCode).toBe(404);
  });

  it('serves a file uploaded through one instance from the other (one bucket)', async () => {
    const data = pdf('crossing');
    const file = (
      await uploadFiles(ownerClient, `/api/v2/groups/${privateGroupId}/files`, { data, filename: 'c.pdf' })
    ).json();
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#a36' } })
      .png()
      .toBuffer();
    const image = (
      await uploadFiles(ownerClient, '/api/v2/groups/image', { data: png, filename: 'b.png' })
    ).json();

    const onSecond = new TestClient(second.app);
    await onSecond.login(owner.username, testPassword);
    const download = await onSecond.get(file.link);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
    const served = await onSecond.get(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Neither instance wrote to its own folder.
    expect(existsSync(path.join(second.config.dataDir, 'uploads'))).toBe(false);
    expect(existsSync(localUploads())).toBe(false);
    const outsiderOnSecond = new TestClient(second.app);
    await outsiderOnSecond.login(outsider.username, testPassword);
    expect((await outsiderOnSecond.get(file.link)).statusCode).toBe(404);
  });
});
