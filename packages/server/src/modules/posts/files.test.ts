import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { uploadFiles } from '../../../test/multipart';
import { writePost } from '../../../test/post-helpers';
import { postsFixture } from '../../../test/posts-fixture';
import { posts } from '../../db/schema';

describe('posts: files', () => {
  let t: TestApp;
  let ownerClient: TestClient;
  let memberClient: TestClient;
  let strangerClient: TestClient;
  let group: { id: number };
  let emptyGroup: { id: number };
  let topicId: number;
  let png: Buffer;

  beforeAll(async () => {
    ({ t, ownerClient, memberClient, strangerClient, group, emptyGroup, topicId } = await postsFixture());
    png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#c33' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  it('uploads, attaches and serves files by the post read rule', async () => {
    const image = await uploadFiles(memberClient, '/api/v2/posts/file', {
      data: png,
      filename: 'lunch.png',
    });
    expect(image.statusCode).toBe(201);
    expect(image.json()).toMatchObject({ name: 'lunch.webp', type: 'image/webp', is_image: true });
    const text = await uploadFiles(memberClient, '/api/v2/posts/file', {
      data: Buffer.from('Menü;Preis\nLasagne;5\n'),
      filename: 'menu.csv',
    });
    expect(text.json()).toMatchObject({ name: 'menu.csv', type: 'text/csv', is_image: false });
    const imageId = image.json().id;
    const textId = text.json().id;

    // Before the post exists, only the uploader sees the upload.
    expect((await memberClient.get(`/api/v2/posts/file/${imageId}`)).statusCode).toBe(200);
    expect((await ownerClient.get(`/api/v2/posts/file/${imageId}`)).statusCode).toBe(404);
    // Nobody else can attach it.
    const stolen = await ownerClient.post('/api/v2/posts', {
      description: '<p>x</p>',
      group_id: emptyGroup.id,
      files: [imageId],
    });
    expect(stolen.statusCode).toBe(400);

    const post = await writePost(memberClient, {
      description: '<p>Mit Anhang</p>',
      group_id: group.id,
      topic_id: topicId,
      files: [imageId, textId],
    });
    expect(post.files.map((f) => f.id)).toEqual([imageId, textId]);
    const served = await ownerClient.get(`/api/v2/posts/file/${imageId}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    const csv = await ownerClient.get(`/api/v2/posts/file/${textId}`);
    expect(csv.headers['content-disposition']).toMatch(/^attachment;/);
    // A used file cannot be claimed again.
    const again = await memberClient.post('/api/v2/posts', {
      description: '<p>x</p>',
      group_id: emptyGroup.id,
      files: [imageId],
    });
    expect(again.statusCode).toBe(400);

    // Deleting an attached file: whoever may delete the post.
    expect((await strangerClient.delete(`/api/v2/posts/file/${textId}`)).statusCode).toBe(403);
    expect((await ownerClient.delete(`/api/v2/posts/file/${textId}`)).statusCode).toBe(200);
    expect((await memberClient.get(`/api/v2/posts/${post.item_id}`)).json().files).toHaveLength(1);
    // The post's file count (which a stream reads the files by) follows its files.
    const [counted] = await t.db
      .select({ count: posts.file_count })
      .from(posts)
      .where(eq(posts.id, post.item_id));
    expect(counted?.count).toBe(1);
  });

  it('refuses files by content, empty files and missing parts', async () => {
    const html = await uploadFiles(memberClient, '/api/v2/posts/file', {
      data: Buffer.from('<script>alert(1)</script>'),
      filename: 'evil.txt',
      type: 'text/plain',
    });
    expect(html.statusCode).toBe(415);
    const svg = await uploadFiles(memberClient, '/api/v2/posts/file', {
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      filename: 'x.png',
      type: 'image/png',
    });
    expect(svg.statusCode).toBe(415);
    const empty = await uploadFiles(memberClient, '/api/v2/posts/file', {
      data: Buffer.alloc(0),
      filename: 'a.txt',
    });
    expect(empty.statusCode).toBe(400);
    const wrongField = await uploadFiles(memberClient, '/api/v2/posts/file', {
      data: png,
      filename: 'a.png',
      field: 'other',
    });
    expect(wrongField.statusCode).toBe(400);
    const notMultipart = await memberClient.post('/api/v2/posts/file', { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('lets the uploader remove an unused upload, and nobody else', async () => {
    const upload = await uploadFiles(memberClient, '/api/v2/posts/file', { data: png, filename: 'a.png' });
    const id = upload.json().id;
    expect((await ownerClient.delete(`/api/v2/posts/file/${id}`)).statusCode).toBe(404);
    expect((await memberClient.delete(`/api/v2/posts/file/${id}`)).statusCode).toBe(200);
    expect((await memberClient.get(`/api/v2/posts/file/${id}`)).statusCode).toBe(404);
  });
});
