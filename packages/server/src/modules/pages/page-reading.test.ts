import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildGroup, buildUser } from '../../../test/factories';
import { type PageAdminFixture, pageAdminFixture } from '../../../test/page-admin-fixture';
import { writePost } from '../../../test/post-helpers';
import { pages } from '../../db/schema';

describe('CMS page reading', () => {
  let t: TestApp;
  let visitor: TestClient;
  let member: TestClient;
  let admin: TestClient;
  let memberId: number;
  let signedIn: PageAdminFixture['signedIn'];
  let create: PageAdminFixture['create'];

  beforeAll(async () => {
    ({ t, visitor, member, admin, memberId, signedIn, create } = await pageAdminFixture());
  });
  afterAll(() => t.close());

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
});
