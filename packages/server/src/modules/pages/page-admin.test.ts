import type { AdminPage, PageDraftInput } from '@plaza/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildGroup, buildUser, testPassword } from '../../../test/factories';
import { uploadFiles } from '../../../test/multipart';
import { writePost } from '../../../test/post-helpers';
import { pages } from '../../db/schema';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function png(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

describe('CMS page administration and reading', () => {
  let t: TestApp;
  let visitor: TestClient;
  let member: TestClient;
  let admin: TestClient;
  let usersAdmin: TestClient;
  let memberId: number;

  async function signedIn(user: { username: string }) {
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    return client;
  }

  async function create(draft: PageDraftInput): Promise<AdminPage> {
    const response = await admin.post('/api/v2/admin/pages', draft);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    t = await createTestApp();
    visitor = new TestClient(t.app);
    const someone = await buildUser(t.db, {}, { position: 'Koch' });
    memberId = someone.id;
    member = await signedIn(someone);
    admin = await signedIn(await buildAdmin(t.db));
    usersAdmin = await signedIn(await buildUser(t.db, { permissions: ['users'] }));
  });
  afterAll(() => t.close());

  it('refuses every administration call to visitors (401) and to members and users administrators (403)', async () => {
    const page = await create({ title: 'Geheim' });
    const calls = [
      (c: TestClient) => c.get('/api/v2/admin/pages'),
      (c: TestClient) => c.post('/api/v2/admin/pages', { title: 'X' }),
      (c: TestClient) => c.get(`/api/v2/admin/pages/${page.id}`),
      (c: TestClient) => c.put(`/api/v2/admin/pages/${page.id}`, { title: 'X' }),
      (c: TestClient) => c.post(`/api/v2/admin/pages/${page.id}/publish`),
      (c: TestClient) => c.post(`/api/v2/admin/pages/${page.id}/unpublish`),
      (c: TestClient) => c.put(`/api/v2/admin/pages/${page.id}/assignments`, { keys: ['landing'] }),
      (c: TestClient) => c.delete(`/api/v2/admin/pages/${page.id}`),
    ];
    for (const call of calls) {
      expect((await call(visitor)).statusCode).toBe(401);
      expect((await call(member)).statusCode).toBe(403);
      expect((await call(usersAdmin)).statusCode).toBe(403);
    }
    const image = await uploadFiles(member, `/api/v2/admin/pages/${page.id}/images`, {
      data: await png(),
      filename: 'a.png',
    });
    expect(image.statusCode).toBe(403);
    const file = await uploadFiles(member, `/api/v2/admin/pages/${page.id}/files`, {
      data: pdf,
      filename: 'a.pdf',
    });
    expect(file.statusCode).toBe(403);
    expect((await admin.get(`/api/v2/admin/pages/${page.id}`)).json().draft.title).toBe('Geheim');
  });

  it('keeps a new page from readers until it is published, and shows its draft by the preview id', async () => {
    const page = await create({
      title: 'Willkommen',
      visibility: 'all',
      modules: [
        { type: 'rich_text', data: { html: '<p>Hallo <strong>Welt</strong></p><script>alert(1)</script>' } },
      ],
    });
    expect(page).toMatchObject({ status: 'draft', has_unpublished_changes: true });
    expect(page.draft.modules[0]).toMatchObject({ type: 'rich_text', id: expect.any(String) });
    expect((await visitor.get(`/api/v2/pages/${page.id}`)).statusCode).toBe(404);
    expect((await member.get(`/api/v2/pages/${page.id}`)).statusCode).toBe(404);

    const preview = await visitor.get(`/api/v2/previews/${page.preview_id}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ preview: true, title: 'Willkommen' });
    expect(preview.json().modules[0].data.html).toBe('<p>Hallo <strong>Welt</strong></p>');
    expect((await visitor.get('/api/v2/previews/not-a-real-preview-id-0000')).statusCode).toBe(404);
    expect((await visitor.get('/api/v2/previews/short')).statusCode).toBe(400);

    const published = (await admin.post(`/api/v2/admin/pages/${page.id}/publish`)).json();
    expect(published).toMatchObject({ status: 'published', has_unpublished_changes: false });
    const read = (await visitor.get(`/api/v2/pages/${page.id}`)).json();
    expect(read).toMatchObject({
      title: 'Willkommen',
      limited: false,
      preview: false,
      meta: { type: 'page' },
    });
    expect(read.modules).toHaveLength(1);
  });

  it('shows readers the published version while a draft is saved, and takes a page offline', async () => {
    const page = await create({ title: 'Version 1', visibility: 'all' });
    await admin.post(`/api/v2/admin/pages/${page.id}/publish`);
    const saved = (
      await admin.put(`/api/v2/admin/pages/${page.id}`, { title: 'Version 2', visibility: 'all' })
    ).json();
    expect(saved).toMatchObject({
      status: 'published',
      has_unpublished_changes: true,
      draft: { title: 'Version 2' },
    });
    expect((await visitor.get(`/api/v2/pages/${page.id}`)).json().title).toBe('Version 1');
    expect((await visitor.get(`/api/v2/previews/${page.preview_id}`)).json().title).toBe('Version 2');
    await admin.post(`/api/v2/admin/pages/${page.id}/publish`);
    expect((await visitor.get(`/api/v2/pages/${page.id}`)).json().title).toBe('Version 2');
    const offline = (await admin.post(`/api/v2/admin/pages/${page.id}/unpublish`)).json();
    expect(offline.status).toBe('unpublished');
    expect((await visitor.get(`/api/v2/pages/${page.id}`)).statusCode).toBe(404);
  });

  it('gives a visitor the limited form of a members’ page: the share card, never its modules', async () => {
    const page = await create({
      title: 'Intern',
      visibility: 'members',
      share_options: { title: 'Nur für Mitglieder', description: 'Bitte anmelden' },
      modules: [{ type: 'rich_text', data: { html: '<p>Geheimer Plan</p>' } }],
    });
    await admin.post(`/api/v2/admin/pages/${page.id}/publish`);
    const limited = await visitor.get(`/api/v2/pages/${page.id}`);
    expect(limited.json()).toMatchObject({
      limited: true,
      modules: [],
      content: '',
      share_options: { title: 'Nur für Mitglieder', description: 'Bitte anmelden', image: null },
    });
    expect(limited.body).not.toContain('Geheimer Plan');
    expect((await member.get(`/api/v2/pages/${page.id}`)).json().modules[0].data.html).toBe(
      '<p>Geheimer Plan</p>',
    );
  });

  it('stores gallery images and download files checked by content, and serves the files to those who may read the page', async () => {
    const page = await create({ title: 'Medien', visibility: 'all' });
    const image = await uploadFiles(admin, `/api/v2/admin/pages/${page.id}/images`, {
      data: await png(),
      filename: 'bild.png',
    });
    expect(image.statusCode, image.body).toBe(200);
    const file = await uploadFiles(admin, `/api/v2/admin/pages/${page.id}/files`, {
      data: pdf,
      filename: 'plan.pdf',
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json()).toMatchObject({ name: 'plan.pdf', type: 'application/pdf', size: pdf.length });

    const fake = await uploadFiles(admin, `/api/v2/admin/pages/${page.id}/images`, {
      data: Buffer.from('<svg onload="alert(1)"></svg>'),
      filename: 'bild.png',
      type: 'image/png',
    });
    expect(fake.statusCode).toBeGreaterThanOrEqual(400);
    expect(fake.statusCode).toBeLessThan(500);
    const program = await uploadFiles(admin, `/api/v2/admin/pages/${page.id}/files`, {
      data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
      filename: 'plan.pdf',
    });
    expect(program.statusCode).toBe(415);

    await admin.put(`/api/v2/admin/pages/${page.id}`, {
      title: 'Medien',
      visibility: 'all',
      modules: [
        { type: 'gallery', data: { images: [{ image_id: image.json().id, caption: 'Das Team' }] } },
        { type: 'downloads', data: { files: [{ file_id: file.json().id, title: 'Der Plan' }] } },
      ],
    });
    await admin.post(`/api/v2/admin/pages/${page.id}/publish`);
    const read = (await visitor.get(`/api/v2/pages/${page.id}`)).json();
    expect(read.modules[0].cross_references.images[0]).toMatchObject({
      image_id: image.json().id,
      url: image.json().url,
      caption: 'Das Team',
    });
    const download = read.modules[1].cross_references.files[0];
    expect(download).toMatchObject({ title: 'Der Plan', type: 'application/pdf', size: pdf.length });
    const fetched = await visitor.get(download.linkToDownload);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(pdf)).toBe(true);
    expect(fetched.headers['content-disposition']).toContain('attachment');

    await admin.put(`/api/v2/admin/pages/${page.id}`, { title: 'Medien', visibility: 'members' });
    await admin.post(`/api/v2/admin/pages/${page.id}/publish`);
    expect((await visitor.get(download.linkToDownload)).statusCode).toBe(404);
    expect((await member.get(download.linkToDownload)).statusCode).toBe(200);
  });

  it('refuses hostile module data with a 400 that names the problem', async () => {
    const page = await create({ title: 'Ziel' });
    const other = await create({ title: 'Andere' });
    const foreignImage = await uploadFiles(admin, `/api/v2/admin/pages/${other.id}/images`, {
      data: await png(),
      filename: 'x.png',
    });
    const bad: unknown[] = [
      [{ type: 'iframe', data: { src: 'https://evil.test' } }],
      [{ type: 'rich_text', data: { html: '<p>x</p>', onclick: 'alert(1)' } }],
      [{ type: 'rich_text', data: { html: '<script>alert(1)</script>' } }],
      [
        {
          type: 'coachings',
          data: { items: [{ page_name: 'a', article_name: 'b', link: 'javascript:alert(1)' }] },
        },
      ],
      [{ type: 'gym_pass', data: { title: 'Gym', link: 'data:text/html,<script>alert(1)</script>' } }],
      [{ type: 'gallery', data: { images: [{ image_id: foreignImage.json().id }] } }],
      [{ type: 'downloads', data: { files: [{ file_id: 999999, title: 'x' }] } }],
      [{ type: 'article_teaser', data: { intervall: 10 } }],
      [{ type: 'fundraising_widget', data: { title: 'Spenden', goal: -5, raised: 0 } }],
      [{ type: 'profile_teaser', data: { user_ids: [] } }],
      [{ type: 'rich_text', data: { html: 'a\u0000b' } }],
      Array.from({ length: 41 }, () => ({ type: 'reviews_widget', data: {} })),
    ];
    for (const modules of bad) {
      const response = await admin.put(`/api/v2/admin/pages/${page.id}`, { title: 'Ziel', modules });
      expect(response.statusCode, JSON.stringify(modules).slice(0, 120)).toBe(400);
      expect(response.json().errors[0].message).toEqual(expect.any(String));
    }
    expect((await admin.put(`/api/v2/admin/pages/${page.id}`, { title: '' })).statusCode).toBe(400);
    expect((await admin.put('/api/v2/admin/pages/99999999', { title: 'x' })).statusCode).toBe(404);
  });

  it('looks references up with the reader’s rights: a visitor gets no members, no posts and only public articles', async () => {
    const [publicArticle] = await t.db
      .insert(pages)
      .values({ type: 'article', title: 'Öffentlich', visibility: 'all' })
      .returning();
    const [membersArticle] = await t.db
      .insert(pages)
      .values({ type: 'article', title: 'Intern', visibility: 'members' })
      .returning();
    const subpage = await create({ title: 'Unterseite', visibility: 'members' });
    await admin.post(`/api/v2/admin/pages/${subpage.id}/publish`);
    const page = await create({
      title: 'Übersicht',
      visibility: 'all',
      modules: [
        { type: 'web_news', data: {} },
        { type: 'profile_teaser', data: { user_ids: [memberId] } },
        { type: 'stream_widget', data: {} },
        { type: 'subpage_navigation', data: { page_ids: [subpage.id] } },
        { type: 'reviews_widget', data: {} },
        { type: 'shop_teaser', data: {} },
      ],
    });
    await admin.post(`/api/v2/admin/pages/${page.id}/publish`);
    const seen = (await visitor.get(`/api/v2/pages/${page.id}`)).json();
    const titles = seen.modules[0].cross_references.articles.map((a: { title: string }) => a.title);
    expect(titles).toContain(publicArticle!.title);
    expect(titles).not.toContain(membersArticle!.title);
    expect(seen.modules[1].cross_references.members).toEqual([]);
    expect(seen.modules[2].cross_references.posts).toEqual([]);
    expect(seen.modules[3].cross_references.pages).toEqual([]);
    expect(seen.modules[4].cross_references).toEqual({ ratings: [] });
    expect(seen.modules[5].cross_references).toEqual({ items: [] });

    const asMember = (await member.get(`/api/v2/pages/${page.id}`)).json();
    expect(asMember.modules[0].cross_references.articles.map((a: { title: string }) => a.title)).toContain(
      'Intern',
    );
    expect(asMember.modules[1].cross_references.members[0]).toMatchObject({ id: memberId, position: 'Koch' });
    expect(asMember.modules[3].cross_references.pages).toEqual([{ id: subpage.id, title: 'Unterseite' }]);

    // A profile field the settings hide is hidden in the teaser too.
    const hidden = await admin.put('/api/v2/settings', {
      profile_options: { included_profile_position: false },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const afterHiding = (await member.get(`/api/v2/pages/${page.id}`)).json();
    expect(afterHiding.modules[1].cross_references.members[0]).toMatchObject({
      id: memberId,
      position: null,
    });
  });

  it("shows an article's new like in a teaser module at once, and each reader's own like as theirs", async () => {
    const [article] = await t.db
      .insert(pages)
      .values({ type: 'article', title: 'Neu im Team', visibility: 'members', likes_allowed: true })
      .returning();
    const page = await create({
      title: 'Neuigkeiten',
      visibility: 'members',
      modules: [{ type: 'web_news', data: {} }],
    });
    await admin.post(`/api/v2/admin/pages/${page.id}/publish`);
    const articleFor = async (reader: TestClient) => {
      const read = (await reader.get(`/api/v2/pages/${page.id}`)).json();
      const shown = read.modules[0].cross_references.articles.find(
        (entry: { item_id: number }) => entry.item_id === article!.id,
      );
      return shown as { likes_count: number; liked_by_me: boolean };
    };
    // Read a few times by both: the instance keeps the teaser's articles from here on.
    for (const reader of [member, admin, member, admin]) {
      expect(await articleFor(reader)).toMatchObject({ likes_count: 0, liked_by_me: false });
    }
    const liked = await member.put('/api/v2/likes', { type: 'news', id: article!.id, like: true });
    expect(liked.statusCode, liked.body).toBe(200);
    expect(await articleFor(member)).toMatchObject({ likes_count: 1, liked_by_me: true });
    expect(await articleFor(admin)).toMatchObject({ likes_count: 1, liked_by_me: false });
    expect(await articleFor(member)).toMatchObject({ likes_count: 1, liked_by_me: true });
  });

  it('shows a stream widget’s posts with the reader’s rights, a private group’s only to its members, and follows an edit of the modules', async () => {
    const insider = await buildUser(t.db);
    const group = await buildGroup(t.db, { type: 'private', admins: [insider] });
    const author = await signedIn(insider);
    const older = await writePost(author, { description: '<p>Erster Beitrag</p>', group_id: group.id });
    const newer = await writePost(author, { description: '<p>Zweiter Beitrag</p>', group_id: group.id });
    const page = await create({
      title: 'Gruppenseite',
      visibility: 'members',
      modules: [
        { type: 'stream_widget', data: { group_id: group.id, max: 5 } },
        { type: 'stream_widget', data: { max: 5 } },
      ],
    });
    await admin.post(`/api/v2/admin/pages/${page.id}/publish`);
    const postIds = (read: { modules: { cross_references: { posts: { id: string }[] } }[] }, index: number) =>
      read.modules[index]!.cross_references.posts.map((post) => post.id);

    const asInsider = (await author.get(`/api/v2/pages/${page.id}`)).json();
    expect(postIds(asInsider, 0)).toEqual([newer.id, older.id]);
    expect(postIds(asInsider, 1).slice(0, 2)).toEqual([newer.id, older.id]);
    expect(asInsider.modules[0].cross_references.posts[0]).toMatchObject({
      description: '<p>Zweiter Beitrag</p>',
      permissions: expect.arrayContaining(['edit', 'delete']),
    });

    const asOutsider = (await member.get(`/api/v2/pages/${page.id}`)).json();
    expect(postIds(asOutsider, 0)).toEqual([]);
    expect(postIds(asOutsider, 1)).not.toContain(newer.id);
    expect(postIds(asOutsider, 1)).not.toContain(older.id);

    // Published with other modules, the page's next read looks up what the new modules refer to.
    await admin.put(`/api/v2/admin/pages/${page.id}`, {
      title: 'Gruppenseite',
      visibility: 'members',
      modules: [{ type: 'stream_widget', data: { group_id: group.id, max: 1 } }],
    });
    await admin.post(`/api/v2/admin/pages/${page.id}/publish`);
    const edited = (await author.get(`/api/v2/pages/${page.id}`)).json();
    expect(edited.modules).toHaveLength(1);
    expect(postIds(edited, 0)).toEqual([newer.id]);
  });

  it('names a page in the pages map, lists the legal pages in order, and clears the map when the page goes', async () => {
    const imprint = await create({ type: 'legal', title: 'Impressum', visibility: 'all' });
    await admin.post(`/api/v2/admin/pages/${imprint.id}/publish`);
    const assigned = await admin.put(`/api/v2/admin/pages/${imprint.id}/assignments`, {
      keys: ['imprint', 'landing'],
    });
    expect(assigned.json().assigned_as.sort()).toEqual(['imprint', 'landing']);
    expect(
      (await admin.put(`/api/v2/admin/pages/${imprint.id}/assignments`, { keys: ['Bad Key'] })).statusCode,
    ).toBe(400);
    const settings = (await visitor.get('/api/v2/settings')).json();
    expect(settings.pages).toMatchObject({ imprint: imprint.id, landing: imprint.id });
    const legal = (await visitor.get('/api/v2/legal_pages')).json();
    expect(legal.results).toContainEqual({ type_string: 'imprint', page_id: imprint.id, title: 'Impressum' });

    await admin.put(`/api/v2/admin/pages/${imprint.id}/assignments`, { keys: ['imprint'] });
    expect((await visitor.get('/api/v2/settings')).json().pages.landing).toBeNull();

    expect((await admin.delete(`/api/v2/admin/pages/${imprint.id}`)).statusCode).toBe(200);
    expect((await visitor.get('/api/v2/settings')).json().pages.imprint).toBeNull();
    expect((await visitor.get(`/api/v2/pages/${imprint.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/v2/admin/pages/${imprint.id}`)).statusCode).toBe(404);
  });

  it('lists pages newest first in pages of the list size, with the next cursor', async () => {
    const first = (await admin.get('/api/v2/admin/pages')).json();
    expect(first.results.length).toBeGreaterThan(0);
    const ids = first.results.map((row: { id: number }) => row.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const legalOnly = (await admin.get('/api/v2/admin/pages', { query: { type: 'legal' } })).json();
    expect(legalOnly.results.every((row: { type: string }) => row.type === 'legal')).toBe(true);
    const after = (await admin.get('/api/v2/admin/pages', { query: { before: ids[0] } })).json();
    expect(after.results.every((row: { id: number }) => row.id < ids[0])).toBe(true);
  });

  it('gives an article its page files as attachments in the news', async () => {
    const article = await create({ type: 'article', title: 'Mit Anhang', visibility: 'members' });
    const file = await uploadFiles(admin, `/api/v2/admin/pages/${article.id}/files`, {
      data: pdf,
      filename: 'anhang.pdf',
    });
    await admin.post(`/api/v2/admin/pages/${article.id}/publish`);
    const news = (await member.get(`/api/v2/news/page-${article.id}`)).json();
    expect(news.attachments).toEqual([
      {
        type: 'application/pdf',
        name: 'anhang.pdf',
        link: `/api/v2/pages/${article.id}/files/${file.json().id}`,
      },
    ]);
  });
});
