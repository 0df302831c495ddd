import { limits, pageSizes, type SearchModule, type SearchPage } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildGroup, buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { buildArticle } from '../../../test/post-helpers';
import { pages, posts, topics, users } from '../../db/schema';
import { frequentMatches, recentPosts } from './repo';

type Member = Awaited<ReturnType<typeof buildUser>>;

describe('search across the community', () => {
  let t: TestApp;
  let outsider: Member;
  let insider: Member;
  let outsiderClient: TestClient;
  let insiderClient: TestClient;
  let adminClient: TestClient;
  let privateGroup: { id: number };
  let openGroup: { id: number };
  let hiddenTopic: { id: number };
  let openTopic: { id: number };
  let openPost: { id: number };

  const search = async (client: TestClient, query: Record<string, string | number>) => {
    const response = await client.get('/api/v2/pages/search', { query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SearchPage;
  };
  const kind = <T extends SearchModule['type']>(page: SearchPage, type: T) =>
    page.modules.find((module) => module.type === type) as Extract<SearchModule, { type: T }> | undefined;
  const ids = (page: SearchPage, type: SearchModule['type']) =>
    (kind(page, type)?.data.results ?? []).map((result) => result.id);

  beforeAll(async () => {
    t = await createTestApp();
    outsider = await buildUser(t.db, { firstname: 'Olga', lastname: 'Außenstehend' });
    insider = await buildUser(t.db, { firstname: 'Ingo', lastname: 'Innen' });
    const admin = await buildUser(t.db, { firstname: 'Ada', lastname: 'Admin', permissions: ['superadmin'] });
    await buildUser(
      t.db,
      { firstname: 'Zacharias', lastname: 'Quellwasser' },
      { position: 'Geheimrezeptkoch', skills: ['Brotbacken'] },
    );
    const gone = await buildUser(t.db, { firstname: 'Zacharias', lastname: 'Abgemeldet' });
    await t.db.update(users).set({ deactivated_at: new Date() }).where(eq(users.id, gone.id));

    privateGroup = await buildGroup(t.db, {
      name: 'Verschwiegene Runde',
      description: 'Nur für Eingeweihte',
      type: 'private',
      admins: [insider],
    });
    openGroup = await buildGroup(t.db, {
      name: 'Fahrradfreunde',
      description: 'Wir fahren gemeinsam zur Arbeit',
      type: 'open',
      admins: [insider],
    });
    const inserted = await t.db
      .insert(topics)
      .values([
        { group_id: privateGroup.id, name: 'Kassiber Planung', description: 'intern' },
        { group_id: openGroup.id, name: 'Radtouren im Sommer', description: 'Touren und Kassiber' },
      ])
      .returning({ id: topics.id });
    hiddenTopic = inserted[0]!;
    openTopic = inserted[1]!;
    await t.db.insert(posts).values({
      author_id: insider.id,
      written_by: insider.id,
      group_id: privateGroup.id,
      description: '<p>Das Zauberwort ist Quokkaparade, bitte nicht weitersagen.</p>',
    });
    const [written] = await t.db
      .insert(posts)
      .values({
        author_id: insider.id,
        written_by: insider.id,
        group_id: openGroup.id,
        topic_id: openTopic.id,
        description: '<p>Die Entwicklungen der <b>Radwege</b> &amp; neue Häuser am Fluss.</p>',
      })
      .returning({ id: posts.id });
    openPost = written!;
    await t.db.insert(posts).values({
      author_id: insider.id,
      written_by: insider.id,
      description: `<p>Meetings all day about bicycles. ${'Lorem ipsum dolor sit amet. '.repeat(30)}</p>`,
    });

    await buildArticle(t.db, { title: 'Fahrradwoche startet', teaser: 'Alles rund ums Rad' });
    await buildArticle(t.db, {
      title: 'Fahrradkeller künftig',
      publish_date: new Date(Date.now() + 86_400_000),
    });
    await buildArticle(t.db, { title: 'Fahrradverbot entworfen', published: false });
    await t.db.insert(pages).values([
      { type: 'page', title: 'Fahrradleitfaden', visibility: 'members', content: '<p>Helm auf!</p>' },
      { type: 'page', title: 'Öffentliche Fahrradseite', visibility: 'all' },
      { type: 'page', title: 'Fahrradentwurf', published: false },
      {
        type: 'page',
        title: 'Leitfaden',
        modules: [
          { id: 'm1', type: 'rich_text', data: { html: '<p>Der Gepäckträgerkodex gilt für alle.</p>' } },
        ],
      },
    ]);

    outsiderClient = await signedIn(t, outsider);
    insiderClient = await signedIn(t, insider);
    adminClient = await signedIn(t, admin);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 to an anonymous caller', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/v2/pages/search', { query: { query: 'Fahrrad' } })).statusCode).toBe(
      401,
    );
    expect((await anonymous.get('/api/v2/search/suggestions', { query: { q: 'Fahrrad' } })).statusCode).toBe(
      401,
    );
  });

  it('answers no modules for an empty, blank or wordless term', async () => {
    for (const query of ['', '   ', '%*!']) {
      expect((await search(outsiderClient, { query })).modules).toEqual([]);
    }
    expect((await outsiderClient.get('/api/v2/search/suggestions')).json()).toEqual({ results: [] });
  });

  it('refuses hostile input with a 400 naming the field', async () => {
    const tooLong = await outsiderClient.get('/api/v2/pages/search', {
      query: { query: 'a'.repeat(limits.globalSearchMaxLength + 1) },
    });
    expect(tooLong.statusCode).toBe(400);
    const nul = await outsiderClient.get('/api/v2/pages/search', { query: { query: 'Fahr\u0000rad' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.body).toContain('query');
    const suggestNul = await outsiderClient.get('/api/v2/search/suggestions', { query: { q: '\u0000' } });
    expect(suggestNul.statusCode).toBe(400);
    const deep = await outsiderClient.get('/api/v2/pages/search', {
      query: { query: 'Fahrrad', page: limits.globalSearchMaxPage + 1 },
    });
    expect(deep.statusCode).toBe(400);
    const quotes = await search(outsiderClient, { query: "Fahrrad' or 1=1 --" });
    expect(quotes.modules.length).toBeGreaterThanOrEqual(0);
  });

  it('finds each kind, with what the web needs to link it', async () => {
    const page = await search(outsiderClient, { query: 'Fahrrad' });
    expect(page.modules.map((module) => module.type)).toEqual([
      'search_groups',
      'search_news',
      'search_pages',
    ]);
    expect(kind(page, 'search_groups')?.data.results).toEqual([
      { id: openGroup.id, name: 'Fahrradfreunde', image: null },
    ]);
    expect(kind(page, 'search_news')?.data.results.map((a) => a.title)).toEqual(['Fahrradwoche startet']);
    expect(
      kind(page, 'search_pages')
        ?.data.results.map((p) => p.title)
        .sort(),
    ).toEqual(['Fahrradleitfaden', 'Öffentliche Fahrradseite']);

    const people = await search(outsiderClient, { query: 'Zacharias' });
    expect(kind(people, 'search_members')?.data.results).toEqual([
      expect.objectContaining({ combined_name: 'Zacharias Quellwasser', position: 'Geheimrezeptkoch' }),
    ]);

    const topicHits = await search(outsiderClient, { query: 'Radtouren' });
    expect(kind(topicHits, 'search_topics')?.data.results).toEqual([
      { id: openTopic.id, group_id: openGroup.id, name: 'Radtouren im Sommer', group_name: 'Fahrradfreunde' },
    ]);

    const postHits = await search(outsiderClient, { query: 'Radwege' });
    const post = kind(postHits, 'search_posts')?.data.results[0];
    expect(post).toMatchObject({
      id: openPost.id,
      group_id: openGroup.id,
      topic_id: openTopic.id,
      excerpt: 'Die Entwicklungen der Radwege & neue Häuser am Fluss.',
      author_name: 'Ingo Innen',
    });

    const pageModule = await search(outsiderClient, { query: 'Gepäckträgerkodex' });
    expect(kind(pageModule, 'search_pages')?.data.results.map((p) => p.title)).toEqual(['Leitfaden']);
  });

  it('bounds a post excerpt as plain text', async () => {
    const page = await search(outsiderClient, { query: 'bicycles' });
    const [post] = kind(page, 'search_posts')!.data.results;
    expect(Array.from(post!.excerpt).length).toBeLessThanOrEqual(200);
    expect(post!.excerpt).not.toContain('<');
    expect(post!.excerpt.endsWith('…')).toBe(true);
  });

  it('finds German stems and prefixes while typing, and English stems', async () => {
    expect(ids(await search(outsiderClient, { query: 'Entwicklung' }), 'search_posts')).toEqual([
      openPost.id,
    ]);
    expect(ids(await search(outsiderClient, { query: 'Haus' }), 'search_posts')).toEqual([openPost.id]);
    expect(ids(await search(outsiderClient, { query: 'Radw' }), 'search_posts')).toEqual([openPost.id]);
    expect(ids(await search(outsiderClient, { query: 'fahrradfr' }), 'search_groups')).toEqual([
      openGroup.id,
    ]);
    expect(ids(await search(outsiderClient, { query: 'meeting bicycle' }), 'search_posts')).toHaveLength(1);
    // Every word must match.
    expect((await search(outsiderClient, { query: 'Radwege Quokkaparade' })).modules).toEqual([]);
  });

  it("never shows a private group's posts, topics or the group itself to an outsider; its member finds them", async () => {
    expect((await search(outsiderClient, { query: 'Quokkaparade' })).modules).toEqual([]);
    expect((await search(outsiderClient, { query: 'Verschwiegene' })).modules).toEqual([]);
    expect(ids(await search(outsiderClient, { query: 'Kassiber' }), 'search_topics')).toEqual([openTopic.id]);
    expect(
      (await outsiderClient.get('/api/v2/search/suggestions', { query: { q: 'Verschwieg' } })).json(),
    ).toEqual({ results: [] });

    expect(ids(await search(insiderClient, { query: 'Quokkaparade' }), 'search_posts')).toHaveLength(1);
    expect(ids(await search(insiderClient, { query: 'Verschwiegene' }), 'search_groups')).toEqual([
      privateGroup.id,
    ]);
    expect(ids(await search(insiderClient, { query: 'Kassiber' }), 'search_topics').sort()).toEqual(
      [hiddenTopic.id, openTopic.id].sort(),
    );
    expect(ids(await search(adminClient, { query: 'Quokkaparade' }), 'search_posts')).toHaveLength(1);
  });

  it('never finds deactivated members, nor members by a field the settings hide', async () => {
    const people = await search(outsiderClient, { query: 'Zacharias' });
    expect(kind(people, 'search_members')?.data.results.map((m) => m.combined_name)).toEqual([
      'Zacharias Quellwasser',
    ]);
    expect(ids(await search(outsiderClient, { query: 'Geheimrezeptkoch' }), 'search_members')).toHaveLength(
      1,
    );

    const switchPosition = async (on: boolean) => {
      const response = await adminClient.put('/api/v2/settings', {
        profile_options: { included_profile_position: on },
      });
      expect(response.statusCode).toBe(200);
    };
    await switchPosition(false);
    try {
      expect((await search(outsiderClient, { query: 'Geheimrezeptkoch' })).modules).toEqual([]);
      const hidden = await search(outsiderClient, { query: 'Zacharias' });
      expect(kind(hidden, 'search_members')?.data.results[0]?.position).toBeNull();
    } finally {
      await switchPosition(true);
    }
  });

  it('never finds unpublished or future pages and articles', async () => {
    for (const query of ['Fahrradkeller', 'Fahrradverbot', 'Fahrradentwurf']) {
      expect((await search(adminClient, { query })).modules).toEqual([]);
    }
    // A page's draft is not searched until it is published.
    await t.db
      .insert(pages)
      .values({ type: 'page', title: 'Fahrradständer', draft: { title: 'Schneckenrennen' } as never });
    expect((await search(outsiderClient, { query: 'Schneckenrennen' })).modules).toEqual([]);
  });

  it('pages each kind by pageSizes.searchResults with has_more, and one kind alone', async () => {
    const group = await buildGroup(t.db, { name: 'Seitenweise', type: 'open', admins: [insider] });
    await t.db.insert(posts).values(
      Array.from({ length: pageSizes.searchResults + 2 }, (_, i) => ({
        author_id: insider.id,
        group_id: group.id,
        description: `<p>Blätterteig Nummer ${i}</p>`,
      })),
    );
    const first = await search(outsiderClient, { query: 'Blätterteig' });
    const firstPosts = kind(first, 'search_posts')!;
    expect(firstPosts.data.results).toHaveLength(pageSizes.searchResults);
    expect(firstPosts.data).toMatchObject({ has_more: true, next_page: 2 });
    const second = await search(outsiderClient, { query: 'Blätterteig', page: 2, type: 'search_posts' });
    expect(second.modules.map((module) => module.type)).toEqual(['search_posts']);
    expect(kind(second, 'search_posts')!.data).toMatchObject({ has_more: false, next_page: null });
    expect(ids(second, 'search_posts')).toHaveLength(2);
    expect(new Set([...ids(first, 'search_posts'), ...ids(second, 'search_posts')]).size).toBe(
      pageSizes.searchResults + 2,
    );
  });

  it('pages members and groups in rank order, each kind its own slice of the one statement they share', async () => {
    const count = pageSizes.searchResults + 2;
    // Equal ranks: members then go by last name, groups by name.
    const names = Array.from({ length: count }, (_, i) => `Pfauenauge${String(i + 1).padStart(2, '0')}`);
    for (const lastname of names) await buildUser(t.db, { firstname: 'Tagfalter', lastname });
    for (const name of names)
      await buildGroup(t.db, { name: `Tagfalter ${name}`, type: 'open', admins: [insider] });
    const memberNames = (page: SearchPage) =>
      (kind(page, 'search_members')?.data.results ?? []).map((member) => member.combined_name);
    const groupNames = (page: SearchPage) =>
      (kind(page, 'search_groups')?.data.results ?? []).map((group) => group.name);

    const first = await search(outsiderClient, { query: 'Tagfalter' });
    expect(memberNames(first)).toEqual(names.slice(0, pageSizes.searchResults).map((n) => `Tagfalter ${n}`));
    expect(groupNames(first)).toEqual(names.slice(0, pageSizes.searchResults).map((n) => `Tagfalter ${n}`));
    expect(kind(first, 'search_members')!.data).toMatchObject({ has_more: true, next_page: 2 });
    expect(kind(first, 'search_topics')).toBeUndefined();

    const second = await search(outsiderClient, { query: 'Tagfalter', page: 2 });
    expect(memberNames(second)).toEqual(names.slice(pageSizes.searchResults).map((n) => `Tagfalter ${n}`));
    expect(groupNames(second)).toEqual(names.slice(pageSizes.searchResults).map((n) => `Tagfalter ${n}`));
    expect(kind(second, 'search_groups')!.data).toMatchObject({ has_more: false, next_page: null });

    const groupsOnly = await search(outsiderClient, { query: 'Tagfalter', page: 2, type: 'search_groups' });
    expect(groupsOnly.modules.map((module) => module.type)).toEqual(['search_groups']);
    expect(groupNames(groupsOnly)).toEqual(groupNames(second));
  });

  it("takes a common word's candidates from the newest posts, still by the read rule, five pages deep", async () => {
    const group = await buildGroup(t.db, { name: 'Viele Beiträge', type: 'open', admins: [insider] });
    await t.db.insert(posts).values(
      Array.from({ length: 60 }, (_, i) => ({
        author_id: insider.id,
        group_id: group.id,
        description: `<p>Zwiebelkuchen Rezept ${i}</p>`,
        created_at: new Date(Date.now() - 60_000 * (i + 1)),
      })),
    );
    // The newest of all is in the private group.
    const [secret] = await t.db
      .insert(posts)
      .values({
        author_id: insider.id,
        group_id: privateGroup.id,
        description: '<p>Zwiebelkuchen geheim</p>',
      })
      .returning({ id: posts.id });
    const seen = new Set<number>();
    for (let page = 1; page <= limits.globalSearchMaxPage; page += 1) {
      const answer = await search(outsiderClient, { query: 'Zwiebelkuchen', page, type: 'search_posts' });
      const module = kind(answer, 'search_posts')!;
      expect(module.data.results).toHaveLength(pageSizes.searchResults);
      expect(module.data.has_more).toBe(page < limits.globalSearchMaxPage);
      for (const id of ids(answer, 'search_posts')) seen.add(id);
    }
    expect(seen.size).toBe(pageSizes.searchResults * limits.globalSearchMaxPage);
    expect(seen.has(secret!.id)).toBe(false);
    expect(ids(await search(insiderClient, { query: 'Zwiebelkuchen geheim' }), 'search_posts')).toEqual([
      secret!.id,
    ]);
  });

  it("finds a common word's newest articles and an older article by its word, never a draft or a future one", async () => {
    const hour = 3_600_000;
    const [archived] = await t.db
      .insert(pages)
      .values({
        type: 'article',
        title: 'Zitronenkuchen im Archiv',
        publish_date: new Date(Date.now() - 900 * hour),
      })
      .returning({ id: pages.id });
    // Many newer articles, every other one with the common word.
    const newer = await t.db
      .insert(pages)
      .values(
        Array.from({ length: 320 }, (_, i) => ({
          type: 'article' as const,
          title: i % 2 === 0 ? `Kürbissuppe Nummer ${i}` : `Wochenbericht ${i}`,
          publish_date: new Date(Date.now() - (i + 1) * hour),
        })),
      )
      .returning({ id: pages.id, title: pages.title });
    const hidden = await t.db
      .insert(pages)
      .values([
        { type: 'article', title: 'Kürbissuppe morgen', publish_date: new Date(Date.now() + 24 * hour) },
        { type: 'article', title: 'Kürbissuppe Entwurf', published: false },
      ])
      .returning({ id: pages.id });

    const seen: number[] = [];
    for (let page = 1; page <= limits.globalSearchMaxPage; page += 1) {
      seen.push(
        ...ids(
          await search(outsiderClient, { query: 'Kürbissuppe', page, type: 'search_news' }),
          'search_news',
        ),
      );
    }
    // Equally ranked, so newest first: the newest matches, five pages of them.
    const newestMatches = newer.filter((row) => row.title.startsWith('Kürbissuppe')).map((row) => row.id);
    expect(seen).toEqual(newestMatches.slice(0, pageSizes.searchResults * limits.globalSearchMaxPage));
    for (const { id } of hidden) expect(seen).not.toContain(id);
    expect(
      ids(await search(outsiderClient, { query: 'Zitronenkuchen', type: 'search_news' }), 'search_news'),
    ).toEqual([archived!.id]);
  });

  it('finds a word frequent once but not among the newest posts by its newest matches, by the read rule', async () => {
    const group = await buildGroup(t.db, { name: 'Jahreszeiten', type: 'open', admins: [insider] });
    const hour = 3_600_000;
    const old = Array.from({ length: frequentMatches }, (_, i) => ({
      author_id: insider.id,
      group_id: group.id,
      description: `<p>Weihnachtsfeier Anmeldung ${i}</p>`,
      created_at: new Date(Date.now() - 1000 * hour - i * hour),
    }));
    const oldIds = (await t.db.insert(posts).values(old).returning({ id: posts.id })).map((row) => row.id);
    // The newest match of all is in the private group; then come more than `recentPosts` other posts.
    await t.db.insert(posts).values({
      author_id: insider.id,
      group_id: privateGroup.id,
      description: '<p>Weihnachtsfeier geheim</p>',
      created_at: new Date(Date.now() - 999 * hour),
    });
    await t.db.insert(posts).values(
      Array.from({ length: recentPosts }, (_, i) => ({
        author_id: insider.id,
        group_id: group.id,
        description: `<p>Sommerfest ${i}</p>`,
        created_at: new Date(Date.now() - i * 60_000),
      })),
    );
    const answer = await search(outsiderClient, { query: 'Weihnachtsfeier', type: 'search_posts' });
    expect(ids(answer, 'search_posts')).toEqual(oldIds.slice(0, pageSizes.searchResults));
    expect(kind(answer, 'search_posts')!.data.has_more).toBe(true);
  });

  it('suggests members, groups, topics, articles and pages while typing, at most eight', async () => {
    const response = await outsiderClient.get('/api/v2/search/suggestions', { query: { q: 'Fahrr' } });
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as { results: { type: string; title: string; id: number }[] };
    expect(results.length).toBeLessThanOrEqual(limits.searchSuggestionsMax);
    expect(results.map((r) => r.type)).toEqual(expect.arrayContaining(['group', 'article', 'page']));
    expect(results.map((r) => r.title)).not.toContain('Fahrradverbot entworfen');
    const topic = (
      await outsiderClient.get('/api/v2/search/suggestions', { query: { q: 'Radtour' } })
    ).json();
    expect(topic.results).toEqual([
      { id: openTopic.id, title: 'Radtouren im Sommer', type: 'topic', group_id: openGroup.id },
    ]);
  });
});
