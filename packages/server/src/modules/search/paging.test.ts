import { limits, pageSizes, type SearchPage } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildGroup, buildUser } from '../../../test/factories';
import { ids, kind, search, searchFixture } from '../../../test/search-fixture';
import { pages, posts } from '../../db/schema';
import { frequentMatches, recentPosts } from './repo';

type Member = Awaited<ReturnType<typeof buildUser>>;

describe('search across the community: paging and frequent words', () => {
  let t: TestApp;
  let insider: Member;
  let outsiderClient: TestClient;
  let insiderClient: TestClient;
  let privateGroup: { id: number };

  beforeAll(async () => {
    ({ t, insider, outsiderClient, insiderClient, privateGroup } = await searchFixture());
  });

  afterAll(async () => {
    await t?.close();
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
});
