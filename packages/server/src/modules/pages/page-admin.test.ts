import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { uploadFiles } from '../../../test/multipart';
import { type PageAdminFixture, pageAdminFixture, pdf, png } from '../../../test/page-admin-fixture';

describe('CMS page administration', () => {
  let t: TestApp;
  let visitor: TestClient;
  let member: TestClient;
  let admin: TestClient;
  let usersAdmin: TestClient;
  let create: PageAdminFixture['create'];

  beforeAll(async () => {
    ({ t, visitor, member, admin, usersAdmin, create } = await pageAdminFixture());
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
});
