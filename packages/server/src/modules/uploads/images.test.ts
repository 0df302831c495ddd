import { existsSync } from 'node:fs';
import path from 'node:path';
import { limits } from '@plaza/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { uploadFiles } from '../../../test/multipart';
import { groupMemberships, groups } from '../../db/schema';

/** A JPEG as a phone writes it: stored sideways with an EXIF orientation, GPS position, ICC profile and a comment. */
async function phoneJpeg(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'PlazaPhone', Software: 'secret-software' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 80 })
    .toBuffer();
  // A JPEG comment segment (COM, 0xFFFE) right after the start-of-image marker.
  const text = Buffer.from('private comment');
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, text.length + 2]), text]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A tiny PNG whose header claims 30000 x 30000 pixels: a decompression bomb as far as any decoder knows. */
async function pixelBomb(): Promise<Buffer> {
  const data = Buffer.from(await png(8, 8));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type and data.
  data.writeUInt32BE(30_000, 16);
  data.writeUInt32BE(30_000, 20);
  data.writeUInt32BE(crc32(data.subarray(12, 29)), 29);
  return data;
}

describe('group and topic images', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof buildUser>>;
  let bob: Awaited<ReturnType<typeof buildUser>>;
  let aliceClient: TestClient;
  let bobClient: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await buildUser(t.db);
    bob = await buildUser(t.db);
    aliceClient = new TestClient(t.app);
    await aliceClient.login(alice.username, testPassword);
    bobClient = new TestClient(t.app);
    await bobClient.login(bob.username, testPassword);
  });
  afterAll(() => t.close());

  const storedFile = (url: string) => path.join(t.config.dataDir, url.replace(/^\//, ''));

  it('refuses anonymous callers on every image route', async () => {
    const anonymous = new TestClient(t.app);
    const upload = await uploadFiles(anonymous, '/api/v2/groups/image', {
      data: await png(10, 10),
      filename: 'a.png',
    });
    expect(upload.statusCode).toBe(401);
    expect(upload.json().errors[0].code).toBe('unauthenticated');
    const crop = await anonymous.put('/api/v2/groups/image', {
      id: 1,
      coordinates: { x: 0, y: 0, width: 5, height: 5 },
    });
    expect(crop.statusCode).toBe(401);
    const recrop = await anonymous.put('/api/v2/groups/image/1', {
      coordinates: { x: 0, y: 0, width: 5, height: 5 },
    });
    expect(recrop.statusCode).toBe(401);
  });

  it('keeps an upright, metadata-free original and shows a cropped WebP at most 1200 px wide', async () => {
    // Stored 3000 x 1600 sideways; orientation 6 means it is shown 1600 x 3000.
    const upload = await uploadFiles(aliceClient, '/api/v2/groups/image', {
      data: await phoneJpeg(3000, 1600),
      filename: 'holiday.jpg',
      type: 'image/jpeg',
    });
    expect(upload.statusCode).toBe(201);
    const image = upload.json();
    expect(image.original).toMatchObject({ width: 1600, height: 3000 });
    expect(image.url).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/);
    expect(image.url).not.toContain('holiday');
    expect(image.width).toBe(1200);

    const original = await sharp(storedFile(image.original.url)).metadata();
    expect(original).toMatchObject({ format: 'webp', width: 1600, height: 3000 });
    expect(original.exif).toBeUndefined();
    expect(original.icc).toBeUndefined();

    const crop = await aliceClient.put('/api/v2/groups/image', {
      id: image.id,
      coordinates: { x: 100, y: 200, width: 1500, height: 1000 },
    });
    expect(crop.statusCode).toBe(200);
    const cropped = crop.json();
    expect(cropped.url).not.toBe(image.url);
    expect(cropped.original).toEqual(image.original);

    const served = await aliceClient.get(cropped.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    const shown = await sharp(served.rawPayload).metadata();
    expect(shown.format).toBe('webp');
    expect(shown.width).toBe(1200);
    expect(shown.width! / shown.height!).toBeCloseTo(1500 / 1000, 2);
    expect(shown.exif).toBeUndefined();
    expect(shown.icc).toBeUndefined();
    expect(shown.comments).toBeUndefined();
    for (const secret of ['PlazaPhone', 'secret-software', 'private comment']) {
      expect(served.rawPayload.includes(Buffer.from(secret))).toBe(false);
    }
    // A re-crop writes a new name; the old shown file is gone.
    expect((await aliceClient.get(image.url)).statusCode).toBe(404);
    expect(existsSync(storedFile(image.url))).toBe(false);
    expect(existsSync(storedFile(cropped.url))).toBe(true);
  });

  it('clamps a crop reaching past the edge, and refuses one outside the image', async () => {
    const image = (
      await uploadFiles(aliceClient, '/api/v2/groups/image', { data: await png(400, 300), filename: 'x.png' })
    ).json();
    expect(image).toMatchObject({ width: 400, height: 300 });
    const clamped = await aliceClient.put('/api/v2/groups/image', {
      id: image.id,
      coordinates: { x: 300, y: 100, width: 500, height: 500 },
    });
    expect(clamped.statusCode).toBe(200);
    expect(clamped.json()).toMatchObject({ width: 100, height: 200 });

    const outside = await aliceClient.put('/api/v2/groups/image', {
      id: image.id,
      coordinates: { x: 400, y: 0, width: 10, height: 10 },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0]).toMatchObject({ code: 'bad_request', field: 'coordinates' });

    const negative = await aliceClient.put('/api/v2/groups/image', {
      id: image.id,
      coordinates: { x: -5, y: 0, width: 10, height: 10 },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors[0].code).toBe('validation_failed');
  });

  it("does not let a member crop another member's upload", async () => {
    const image = (
      await uploadFiles(aliceClient, '/api/v2/groups/image', { data: await png(50, 50), filename: 'a.png' })
    ).json();
    const response = await bobClient.put('/api/v2/groups/image', {
      id: image.id,
      coordinates: { x: 0, y: 0, width: 10, height: 10 },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('not_found');
  });

  it('refuses to crop an image a group already shows (that goes through the group)', async () => {
    const image = (
      await uploadFiles(aliceClient, '/api/v2/groups/image', { data: await png(50, 50), filename: 'a.png' })
    ).json();
    await t.db.insert(groups).values({ name: 'Shown', description: 'd', image_id: image.id });
    const response = await aliceClient.put('/api/v2/groups/image', {
      id: image.id,
      coordinates: { x: 0, y: 0, width: 10, height: 10 },
    });
    expect(response.statusCode).toBe(409);
  });

  it("re-crops a group's image from its original for those who may edit the group", async () => {
    const image = (
      await uploadFiles(aliceClient, '/api/v2/groups/image', { data: await png(600, 400), filename: 'g.png' })
    ).json();
    const [group] = await t.db
      .insert(groups)
      .values({
        name: 'Crop club',
        description: 'd',
        type: 'private',
        image_id: image.id,
        creator_id: alice.id,
      })
      .returning();
    const url = `/api/v2/groups/image/${group!.id}`;
    const coordinates = { x: 0, y: 0, width: 300, height: 300 };

    // Not a member of a private group: it does not exist for bob.
    expect((await bobClient.put(url, { coordinates })).statusCode).toBe(404);
    await t.db.insert(groupMemberships).values([
      { group_id: group!.id, user_id: alice.id, role: 'admin', status: 'accepted', kind: 'invite' },
      { group_id: group!.id, user_id: bob.id, role: 'member', status: 'accepted', kind: 'invite' },
    ]);
    const asMember = await bobClient.put(url, { coordinates });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().errors[0].code).toBe('forbidden');

    const asAdmin = await aliceClient.put(url, { coordinates });
    expect(asAdmin.statusCode).toBe(200);
    const page = asAdmin.json();
    expect(page.id).toBe(group!.id);
    expect(page.image).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/);
    expect(page.image).not.toBe(image.url);
    const shown = await sharp((await aliceClient.get(page.image)).rawPayload).metadata();
    expect(shown).toMatchObject({ width: 300, height: 300 });

    const [bare] = await t.db
      .insert(groups)
      .values({ name: 'No picture', description: 'd', type: 'open' })
      .returning();
    await t.db
      .insert(groupMemberships)
      .values({ group_id: bare!.id, user_id: alice.id, role: 'admin', status: 'accepted', kind: 'invite' });
    expect((await aliceClient.put(`/api/v2/groups/image/${bare!.id}`, { coordinates })).statusCode).toBe(400);
  });

  it('accepts PNG, WebP, GIF and AVIF by content, whatever the name says', async () => {
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } });
    const samples = {
      'photo.jpg': await base.clone().png().toBuffer(),
      'anim.png': await base.clone().gif().toBuffer(),
      'pic.gif': await base.clone().webp().toBuffer(),
      'new.webp': await base.clone().avif().toBuffer(),
    };
    for (const [filename, data] of Object.entries(samples)) {
      const response = await uploadFiles(aliceClient, '/api/v2/groups/image', { data, filename });
      expect(response.statusCode, filename).toBe(201);
      expect(response.json(), filename).toMatchObject({ width: 64, height: 48 });
    }
  });

  it('refuses what is not an image by content: 415', async () => {
    const samples = [
      { filename: 'fake.png', data: Buffer.from('this is just text pretending to be a picture') },
      { filename: 'vector.png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>') },
      { filename: 'doc.png', data: Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\n%%EOF\n') },
    ];
    for (const sample of samples) {
      const response = await uploadFiles(aliceClient, '/api/v2/groups/image', {
        ...sample,
        type: 'image/png',
      });
      expect(response.statusCode, sample.filename).toBe(415);
      expect(response.json().errors[0].code).toBe('unsupported_media_type');
    }
  });

  it('answers 4xx, never 500, for a broken image or a decompression bomb', async () => {
    const broken = Buffer.concat([(await png(100, 100)).subarray(0, 40), Buffer.alloc(200, 7)]);
    const brokenResponse = await uploadFiles(aliceClient, '/api/v2/groups/image', {
      data: broken,
      filename: 'broken.png',
    });
    expect(brokenResponse.statusCode).toBe(400);

    const bomb = await uploadFiles(aliceClient, '/api/v2/groups/image', {
      data: await pixelBomb(),
      filename: 'bomb.png',
    });
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().errors[0].code).toBe('payload_too_large');
  });

  it('refuses an upload over 20 MB with 413, and one without a file or in another field with 400', async () => {
    const oversized = await uploadFiles(aliceClient, '/api/v2/groups/image', {
      data: Buffer.alloc(limits.uploadMaxBytes + 1, 1),
      filename: 'huge.png',
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().errors[0].code).toBe('payload_too_large');

    const noFile = await uploadFiles(aliceClient, '/api/v2/groups/image', [], { note: 'nothing' });
    expect(noFile.statusCode).toBe(400);

    const wrongField = await uploadFiles(aliceClient, '/api/v2/groups/image', {
      data: await png(10, 10),
      filename: 'a.png',
      field: 'image',
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors[0].field).toBe('file');

    const json = await aliceClient.post('/api/v2/groups/image', { file: 'x' });
    expect(json.statusCode).toBe(400);
  });

  it('keeps the 1 MiB limit on JSON bodies', async () => {
    const response = await aliceClient.put('/api/v2/groups/image', {
      id: 1,
      coordinates: { x: 0, y: 0, width: 1, height: 1 },
      padding: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(response.statusCode).toBe(413);
  });

  it('serves only stored image names', async () => {
    for (const url of [
      '/uploads/images/not-a-name.webp',
      '/uploads/images/..%2F..%2Fdb',
      `/uploads/images/${'a'.repeat(32)}.webp`,
      `/uploads/originals/${'b'.repeat(32)}.png`,
    ]) {
      expect((await aliceClient.get(url)).statusCode, url).toBe(404);
    }
  });
});
