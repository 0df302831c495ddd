import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { uploadFiles } from '../../../test/multipart';

describe('group and topic images over their lifetime', () => {
  let t: TestApp;
  let owner: TestClient;

  const uploadImage = async () => {
    const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const response = await uploadFiles(owner, '/api/v2/groups/image', { data, filename: 'g.png' });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; url: string; original: { url: string } };
  };
  const served = async (url: string) => (await owner.get(url)).statusCode;

  beforeAll(async () => {
    t = await createTestApp();
    owner = new TestClient(t.app);
    await owner.login((await buildUser(t.db)).username, testPassword);
  });
  afterAll(() => t.close());

  it('drops a replaced group image and the image of a deleted group, with their files', async () => {
    const first = await uploadImage();
    const created = await owner.post('/api/v2/groups', {
      name: 'Pictures',
      description: 'd',
      img_id: first.id,
    });
    expect(created.statusCode).toBe(201);
    const groupId = created.json().id;
    expect(await served(first.url)).toBe(200);

    const second = await uploadImage();
    const updated = await owner.put(`/api/v2/groups/${groupId}`, { description: 'd', img_id: second.id });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().image).toBe(second.url);
    expect(await served(first.url)).toBe(404);
    expect(await served(first.original.url)).toBe(404);

    expect((await owner.delete(`/api/v2/groups/${groupId}`)).statusCode).toBe(200);
    expect(await served(second.url)).toBe(404);
  });

  it('drops a replaced topic image and the image of a deleted topic', async () => {
    const group = (await owner.post('/api/v2/groups', { name: 'Topics', description: 'd' })).json();
    const first = await uploadImage();
    const topic = await owner.post('/api/v2/topics', {
      name: 'Pictures',
      description: 'd',
      group_id: group.id,
      img_id: first.id,
    });
    expect(topic.statusCode).toBe(201);
    const topicId = topic.json().id;
    const second = await uploadImage();
    const updated = await owner.put(`/api/v2/topics/${topicId}`, {
      group_id: group.id,
      title: 'Pictures',
      description: 'd',
      img_id: second.id,
    });
    expect(updated.statusCode).toBe(200);
    expect(await served(first.url)).toBe(404);
    expect((await owner.delete(`/api/v2/topics/${topicId}`)).statusCode).toBe(200);
    expect(await served(second.url)).toBe(404);
  });

  it('refuses anonymous callers', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.put('/api/v2/groups/1', { description: 'd' })).statusCode).toBe(401);
  });
});
