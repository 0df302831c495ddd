import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { uploadFiles } from '../../../test/multipart';
import { usersRepo } from './repo';

describe('avatar upload and crop', () => {
  let t: TestApp;
  let anna: Awaited<ReturnType<typeof buildUser>>;
  let annaClient: TestClient;
  let ben: Awaited<ReturnType<typeof buildUser>>;
  let benClient: TestClient;
  let editorClient: TestClient;

  const png = () =>
    sharp({ create: { width: 80, height: 60, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
  const crop = { x: 10, y: 5, width: 40, height: 40 };
  const served = async (url: string) => (await annaClient.get(url)).statusCode;

  beforeAll(async () => {
    t = await createTestApp();
    anna = await buildUser(t.db);
    annaClient = await signedIn(t, anna);
    ben = await buildUser(t.db);
    benClient = await signedIn(t, ben);
    editorClient = await signedIn(t, await buildUser(t.db, { permissions: ['users'] }));
  });
  afterAll(() => t.close());

  it('uploads by content (a PNG named .txt), crops, and shows the crop as the avatar', async () => {
    const upload = await uploadFiles(annaClient, `/api/v2/users/${anna.id}/image`, {
      data: await png(),
      filename: 'holiday.txt',
      type: 'text/plain',
    });
    expect(upload.statusCode).toBe(201);
    const image = upload.json();
    expect(image.original).toMatchObject({ width: 80, height: 60 });

    const cropped = await annaClient.put(`/api/v2/users/${anna.id}/image/${image.id}`, { coordinates: crop });
    expect(cropped.statusCode).toBe(200);
    const avatar = cropped.json();
    expect(avatar.image).toMatchObject({ id: image.id, width: 40, height: 40 });
    expect(avatar.img_path).toBe(avatar.image.url);
    expect(await served(avatar.img_path)).toBe(200);

    const profile = (await annaClient.get(`/api/v2/users/${anna.id}`)).json();
    expect(profile).toMatchObject({ img_path: avatar.img_path, image_id: image.id });
  });

  it('re-crops the current avatar under a new address and drops the old file', async () => {
    const before = (await usersRepo.byId(t.db, anna.id))!;
    const response = await annaClient.put(`/api/v2/users/${anna.id}/image/${before.image_id}`, {
      coordinates: { x: 0, y: 0, width: 60, height: 60 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().img_path).not.toBe(before.img_path);
    expect(await served(before.img_path!)).toBe(404);
    expect(await served(response.json().img_path)).toBe(200);
  });

  it('replaces the avatar and removes the former image with its original', async () => {
    const before = (await annaClient.get(`/api/v2/users/${anna.id}`)).json();
    const formerOriginal = (
      await annaClient.put(`/api/v2/users/${anna.id}/image/${before.image_id}`, { coordinates: crop })
    ).json().image.original.url;
    const upload = (
      await uploadFiles(annaClient, `/api/v2/users/${anna.id}/image`, {
        data: await png(),
        filename: 'a.png',
      })
    ).json();
    const replaced = await annaClient.put(`/api/v2/users/${anna.id}/image/${upload.id}`, {
      coordinates: crop,
    });
    expect(replaced.statusCode).toBe(200);
    const current = (await annaClient.get(`/api/v2/users/${anna.id}`)).json();
    expect(current.image_id).toBe(upload.id);
    expect(await served(formerOriginal)).toBe(404);
  });

  it('refuses a text file named .png, an empty upload and a missing file', async () => {
    const text = await uploadFiles(annaClient, `/api/v2/users/${anna.id}/image`, {
      data: Buffer.from('hello, this is not an image'),
      filename: 'photo.png',
      type: 'image/png',
    });
    expect(text.statusCode).toBe(415);
    const empty = await uploadFiles(annaClient, `/api/v2/users/${anna.id}/image`, {
      data: Buffer.alloc(0),
      filename: 'empty.png',
    });
    expect(empty.statusCode).toBe(400);
    const noFile = await annaClient.post(`/api/v2/users/${anna.id}/image`, { file: 'x' });
    expect(noFile.statusCode).toBe(400);
  });

  it('refuses anonymous callers and members changing another avatar; editors may', async () => {
    const anonymous = new TestClient(t.app);
    expect(
      (
        await uploadFiles(anonymous, `/api/v2/users/${anna.id}/image`, {
          data: await png(),
          filename: 'a.png',
        })
      ).statusCode,
    ).toBe(401);
    const foreign = await uploadFiles(benClient, `/api/v2/users/${anna.id}/image`, {
      data: await png(),
      filename: 'a.png',
    });
    expect(foreign.statusCode).toBe(403);
    const foreignCrop = await benClient.put(`/api/v2/users/${anna.id}/image/1`, { coordinates: crop });
    expect(foreignCrop.statusCode).toBe(403);
    expect((await benClient.delete(`/api/v2/users/${anna.id}/image`)).statusCode).toBe(403);

    const byEditor = await uploadFiles(editorClient, `/api/v2/users/${anna.id}/image`, {
      data: await png(),
      filename: 'a.png',
    });
    expect(byEditor.statusCode).toBe(201);
    const set = await editorClient.put(`/api/v2/users/${anna.id}/image/${byEditor.json().id}`, {
      coordinates: crop,
    });
    expect(set.statusCode).toBe(200);
    expect((await usersRepo.byId(t.db, anna.id))?.image_id).toBe(byEditor.json().id);
  });

  it("refuses cropping someone else's upload into one's avatar and a negative crop", async () => {
    const bens = (
      await uploadFiles(benClient, `/api/v2/users/${ben.id}/image`, {
        data: await png(),
        filename: 'b.png',
      })
    ).json();
    const stolen = await annaClient.put(`/api/v2/users/${anna.id}/image/${bens.id}`, { coordinates: crop });
    expect(stolen.statusCode).toBe(404);
    const own = (
      await uploadFiles(annaClient, `/api/v2/users/${anna.id}/image`, {
        data: await png(),
        filename: 'a.png',
      })
    ).json();
    const negative = await annaClient.put(`/api/v2/users/${anna.id}/image/${own.id}`, {
      coordinates: { x: -1, y: 0, width: 10, height: 10 },
    });
    expect(negative.statusCode).toBe(400);
  });

  it('removes the avatar and its files', async () => {
    const before = (await usersRepo.byId(t.db, anna.id))!;
    const response = await annaClient.delete(`/api/v2/users/${anna.id}/image`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ img_path: null, image: null });
    expect(await served(before.img_path!)).toBe(404);
    const after = (await usersRepo.byId(t.db, anna.id))!;
    expect(after).toMatchObject({ image_id: null, img_path: null });
  });
});
