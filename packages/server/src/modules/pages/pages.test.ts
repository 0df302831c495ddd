import { legalPageTypes } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser, testPassword } from '../../../test/factories';
import { pages } from '../../db/schema';
import { seedDemoContent } from '../../seed';
import { createPage } from './service';

describe('CMS pages: GET pages/:id', () => {
  let t: TestApp;
  let visitor: TestClient;
  let member: TestClient;
  let publicId: number;
  let membersId: number;

  beforeAll(async () => {
    t = await createTestApp();
    publicId = await createPage(t.db, {
      type: 'legal',
      title: 'Impressum',
      content: '<p>Firma</p><script>alert(1)</script>',
      visibility: 'all',
      translations: { en_GB: { title: 'Imprint', content: '<p>Company</p><img src=x onerror=alert(1)>' } },
    });
    membersId = await createPage(t.db, {
      type: 'legal',
      title: 'Intern',
      content: '<p>Nur intern</p>',
      visibility: 'members',
    });
    visitor = new TestClient(t.app);
    const someone = await buildUser(t.db);
    member = new TestClient(t.app);
    await member.login(someone.username, testPassword);
  });
  afterAll(() => t.close());

  it('shows a public page to anyone, in the language of the call, its HTML sanitised', async () => {
    const german = await visitor.get(`/api/v2/pages/${publicId}`, { query: { locale: 'de_DE' } });
    expect(german.statusCode).toBe(200);
    expect(german.json()).toMatchObject({
      id: publicId,
      type: 'legal',
      title: 'Impressum',
      content: '<p>Firma</p>',
    });
    const english = (await visitor.get(`/api/v2/pages/${publicId}`, { query: { locale: 'en_GB' } })).json();
    expect(english.title).toBe('Imprint');
    expect(english.content).not.toMatch(/onerror|script/);
  });

  it('shows a members’ page whole only to members, limited to a visitor, and answers 404 for unknown and future pages', async () => {
    const limited = await visitor.get(`/api/v2/pages/${membersId}`);
    expect(limited.statusCode).toBe(200);
    expect(limited.json()).toMatchObject({ limited: true, content: '', modules: [], share_options: null });
    expect((await member.get(`/api/v2/pages/${membersId}`)).json()).toMatchObject({
      title: 'Intern',
      limited: false,
      content: '<p>Nur intern</p>',
    });
    expect((await member.get('/api/v2/pages/999999')).statusCode).toBe(404);
    const [future] = await t.db
      .insert(pages)
      .values({
        type: 'legal',
        title: 'Soon',
        publish_date: new Date(Date.now() + 86_400_000),
        visibility: 'all',
      })
      .returning();
    expect((await member.get(`/api/v2/pages/${future!.id}`)).statusCode).toBe(404);
    expect((await member.get('/api/v2/pages/abc')).statusCode).toBe(400);
  });

  it('tells each reader whether they like the page: the member who liked it, not another member or a visitor', async () => {
    const articleId = await createPage(t.db, {
      type: 'article',
      title: 'Sommerfest',
      content: '<p>Am Freitag</p>',
      visibility: 'all',
    });
    const liked = await member.put('/api/v2/likes', { type: 'news', id: articleId, like: true });
    expect(liked.statusCode, liked.body).toBe(200);
    expect((await member.get(`/api/v2/pages/${articleId}`)).json()).toMatchObject({ liked_by_me: true });
    const other = new TestClient(t.app);
    await other.login((await buildUser(t.db)).username, testPassword);
    expect((await other.get(`/api/v2/pages/${articleId}`)).json()).toMatchObject({ liked_by_me: false });
    expect((await visitor.get(`/api/v2/pages/${articleId}`)).json()).toMatchObject({ liked_by_me: false });
  });

  it('shows the terms to a member who has not accepted them yet', async () => {
    const newcomer = await buildUser(t.db, { agb_nda_accepted: false });
    const client = new TestClient(t.app);
    await client.login(newcomer.username, testPassword);
    expect((await client.get(`/api/v2/pages/${publicId}`)).statusCode).toBe(200);
  });
});

// The legal links of the sign-in page and the footer once led to 404: the pages map named pages nobody stored.
describe('demo pages', () => {
  let t: TestApp;
  let admin: { username: string; password: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await seedDemoContent(t.db, { publicUrl: 'http://plaza.test' })).admin!;
  });
  afterAll(() => t.close());

  it('stores every legal page of the pages map, public, in German and English', async () => {
    const visitor = new TestClient(t.app);
    const settings = (await visitor.get('/api/v2/settings')).json();
    for (const type of legalPageTypes) {
      const id = settings.pages[type];
      expect(id, type).toEqual(expect.any(Number));
      const german = (await visitor.get(`/api/v2/pages/${id}`, { query: { locale: 'de_DE' } })).json();
      const english = (await visitor.get(`/api/v2/pages/${id}`, { query: { locale: 'en_GB' } })).json();
      expect(german.visibility).toBe('all');
      expect(german.content.length, type).toBeGreaterThan(100);
      expect(english.content.length, type).toBeGreaterThan(100);
      expect(english.title).not.toBe(german.title);
    }
  });

  it('stores a public page built from modules and a members’ page that a visitor sees limited', async () => {
    const client = new TestClient(t.app);
    await client.login(admin.username, admin.password);
    const list = (await client.get('/api/v2/admin/pages', { query: { type: 'page' } })).json();
    const byVisibility = (visibility: string) =>
      list.results.find((row: { visibility: string }) => row.visibility === visibility);
    const visitor = new TestClient(t.app);
    const open = (await visitor.get(`/api/v2/pages/${byVisibility('all').id}`)).json();
    expect(open.modules.map((module: { type: string }) => module.type)).toEqual(
      expect.arrayContaining([
        'rich_text',
        'coachings',
        'fundraising_widget',
        'gym_pass',
        'subpage_navigation',
      ]),
    );
    const limited = (await visitor.get(`/api/v2/pages/${byVisibility('members').id}`)).json();
    expect(limited).toMatchObject({
      limited: true,
      modules: [],
      share_options: { title: expect.any(String) },
    });
    const full = (await client.get(`/api/v2/pages/${byVisibility('members').id}`)).json();
    expect(
      full.modules.find((m: { type: string }) => m.type === 'profile_teaser').cross_references.members,
    ).toHaveLength(4);
  });
});
