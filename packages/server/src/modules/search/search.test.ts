import { limits } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { ids, kind, search, searchFixture } from '../../../test/search-fixture';

describe('search across the community', () => {
  let t: TestApp;
  let outsiderClient: TestClient;
  let openGroup: { id: number };
  let openTopic: { id: number };
  let openPost: { id: number };

  beforeAll(async () => {
    ({ t, outsiderClient, openGroup, openTopic, openPost } = await searchFixture());
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
