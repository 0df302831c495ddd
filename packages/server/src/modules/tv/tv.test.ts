import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildGroup, buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { postFiles, posts, tvDisplayKeys, users } from '../../db/schema';
import { rateLimitTable } from '../../platform/rate-limit';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('TV slideshow: display keys and feed', () => {
  let t: TestApp;
  let admin: User;
  let author: User;
  let adminClient: TestClient;
  let memberClient: TestClient;
  let key: string;
  let keyId: number;

  const insertPost = async (description: string, at: string, groupId: number | null = null) => {
    const [row] = await t.db
      .insert(posts)
      .values({
        author_id: author.id,
        written_by: author.id,
        group_id: groupId,
        description,
        created_at: new Date(at),
      })
      .returning();
    return row!;
  };
  const insertImage = async (postId: number, name: string) => {
    const relative = `files/${name}`;
    await t.storage.put(relative, Buffer.from(`image ${name}`));
    const [row] = await t.db
      .insert(postFiles)
      .values({
        post_id: postId,
        uploader_id: author.id,
        name: `${name}.webp`,
        mime_type: 'image/webp',
        size: 10,
        path: relative,
      })
      .returning();
    return row!;
  };
  const feed = (query: Record<string, string> = { key }, client = new TestClient(t.app, '10.9.9.9')) =>
    client.get('/api/v2/tv/feed', { query });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildAdmin(t.db, { firstname: 'Ada', lastname: 'Admin' });
    author = await buildUser(t.db, { firstname: 'Paula', lastname: 'Poster' });
    adminClient = await signedIn(t, admin);
    memberClient = await signedIn(t, author);
  });
  afterAll(() => t.close());

  it('lets only superadmins list, create and revoke display keys', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/v2/tv/display_keys')).statusCode).toBe(401);
    expect((await anonymous.post('/api/v2/tv/display_keys', { name: 'Lobby' })).statusCode).toBe(401);
    expect((await anonymous.delete('/api/v2/tv/display_keys/1')).statusCode).toBe(401);
    expect((await memberClient.get('/api/v2/tv/display_keys')).statusCode).toBe(403);
    expect((await memberClient.post('/api/v2/tv/display_keys', { name: 'Lobby' })).statusCode).toBe(403);
    expect((await memberClient.delete('/api/v2/tv/display_keys/1')).statusCode).toBe(403);
    expect(await t.db.select().from(tvDisplayKeys)).toHaveLength(0);
  });

  it('links the TV displays page in the administration of superadmins only', async () => {
    const session = async (client: TestClient) =>
      (await client.get('/api/v2/auth/is_authenticated', { query: { locale: 'en_GB' } })).json().session;
    expect((await session(adminClient)).administrationRoutes).toContainEqual(
      expect.objectContaining({
        type: 'link',
        key: 'tv',
        link: '/en_GB/admin/tv',
        title: 'TV displays',
      }),
    );
    expect((await session(memberClient)).administrationRoutes).toEqual([]);
  });

  it('refuses a bad key name and a missing CSRF header', async () => {
    const blank = await adminClient.post('/api/v2/tv/display_keys', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toMatchObject({ code: 'validation_failed', field: 'name' });
    expect((await adminClient.post('/api/v2/tv/display_keys', { name: 'x'.repeat(101) })).statusCode).toBe(
      400,
    );
    const noCsrf = await adminClient.post(
      '/api/v2/tv/display_keys',
      { name: 'Lobby' },
      { withoutCsrf: true },
    );
    expect(noCsrf.statusCode).toBe(403);
  });

  it('creates a key shown once and stores only its SHA-256', async () => {
    const response = await adminClient.post('/api/v2/tv/display_keys', { name: ' Lobby ' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    key = body.key;
    keyId = body.display_key.id;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.display_key).toEqual({
      id: keyId,
      name: 'Lobby',
      created_at: expect.any(String),
      last_used_at: null,
    });
    const [row] = await t.db.select().from(tvDisplayKeys).where(eq(tvDisplayKeys.id, keyId));
    expect(row!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key);
    const list = (await adminClient.get('/api/v2/tv/display_keys')).json();
    expect(list.results).toEqual([body.display_key]);
    expect(JSON.stringify(list)).not.toContain(key);
    const settings = await new TestClient(t.app).get('/api/v2/settings');
    expect(settings.body).not.toContain(key);
  });

  it('answers 401 without a key and 403 for a wrong key', async () => {
    const missing = await feed({});
    expect(missing.statusCode).toBe(401);
    const wrong = await feed({ key: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors[0].code).toBe('forbidden');
  });

  it('shows the latest posts and images every member may see, never those of approval or private groups', async () => {
    const open = await buildGroup(t.db, { type: 'open', admins: [author] });
    const approval = await buildGroup(t.db, { type: 'approval', admins: [author] });
    const secret = await buildGroup(t.db, { type: 'private', admins: [author] });
    const avatar = `/uploads/images/${'d'.repeat(32)}.webp`;
    await t.db.update(users).set({ img_path: avatar }).where(eq(users.id, author.id));
    const everyone = await insertPost(
      '<p>For <strong>everyone</strong><img src=x onerror=alert(1)></p>',
      '2026-01-01T10:00:00Z',
    );
    const openPost = await insertPost('<p>Open group news</p>', '2026-01-02T10:00:00Z', open.id);
    const approvalPost = await insertPost('<p>Approval only</p>', '2026-01-03T10:00:00Z', approval.id);
    const privatePost = await insertPost('<p>Private plans</p>', '2026-01-04T10:00:00Z', secret.id);
    const image = await insertImage(openPost.id, 'a'.repeat(32));
    const privateImage = await insertImage(privatePost.id, 'b'.repeat(32));
    await insertImage(approvalPost.id, 'c'.repeat(32));

    const response = await feed();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { results } = response.json();
    expect(results.map((slide: { id: string }) => slide.id)).toEqual([
      `post-${openPost.id}`,
      `image-${image.id}`,
      `post-${everyone.id}`,
    ]);
    expect(results[0]).toEqual({
      id: `post-${openPost.id}`,
      content: '<p>Open group news</p>',
      author: { name: 'Paula Poster', avatar },
      created_at: '2026-01-02T10:00:00.000Z',
      mimetype: 'text/html',
      link: `http://plaza.test/de_DE/news/post-${openPost.id}`,
      image: null,
    });
    expect(results[1]).toMatchObject({
      mimetype: 'image/webp',
      content: '',
      image: `/api/v2/tv/images/${image.id}?key=${key}`,
      link: `http://plaza.test/de_DE/news/post-${openPost.id}`,
    });
    expect(results[2].content).not.toMatch(/onerror|<script/);
    expect(response.body).not.toContain('Private plans');
    expect(response.body).not.toContain('Approval only');

    const shown = await new TestClient(t.app, '10.9.9.9').get(results[1].image);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    const hidden = await new TestClient(t.app).get(`/api/v2/tv/images/${privateImage.id}`, {
      query: { key },
    });
    expect(hidden.statusCode).toBe(404);
    expect((await new TestClient(t.app).get(`/api/v2/tv/images/${image.id}`)).statusCode).toBe(401);
    expect(
      (
        await new TestClient(t.app).get(`/api/v2/tv/images/${image.id}`, {
          query: { key: 'wrong-key-wrong-key-wrong' },
        })
      ).statusCode,
    ).toBe(403);

    const english = await feed({ key, locale: 'en_GB' });
    expect(english.json().results[0].link).toBe(`http://plaza.test/en_GB/news/post-${openPost.id}`);
    const [row] = await t.db.select().from(tvDisplayKeys).where(eq(tvDisplayKeys.id, keyId));
    expect(row!.last_used_at).not.toBeNull();
  });

  it('throttles the feed per IP', async () => {
    const client = new TestClient(t.app, '10.7.7.7');
    for (let i = 0; i < rateLimitTable.tvFeed.max; i += 1) {
      expect((await feed({ key }, client)).statusCode).toBe(200);
    }
    const blocked = await feed({ key }, client);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('refuses a revoked key at once', async () => {
    expect((await adminClient.delete(`/api/v2/tv/display_keys/${keyId}`)).statusCode).toBe(200);
    expect((await adminClient.delete(`/api/v2/tv/display_keys/${keyId}`)).statusCode).toBe(404);
    expect((await feed()).statusCode).toBe(403);
    expect((await adminClient.get('/api/v2/tv/display_keys')).json().results).toEqual([]);
  });
});
