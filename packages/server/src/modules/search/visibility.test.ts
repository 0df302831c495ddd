import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildGroup } from '../../../test/factories';
import { ids, kind, search, searchFixture } from '../../../test/search-fixture';
import { pages, posts, topics } from '../../db/schema';

describe('search across the community: what it never shows', () => {
  let t: TestApp;
  let outsider: { id: number };
  let insider: { id: number };
  let outsiderClient: TestClient;
  let insiderClient: TestClient;
  let adminClient: TestClient;
  let privateGroup: { id: number };
  let hiddenTopic: { id: number };
  let openTopic: { id: number };

  beforeAll(async () => {
    ({
      t,
      outsider,
      insider,
      outsiderClient,
      insiderClient,
      adminClient,
      privateGroup,
      hiddenTopic,
      openTopic,
    } = await searchFixture());
  });

  afterAll(async () => {
    await t?.close();
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

  it('shows an approval group to a member who applied, but none of its topics and posts until they belong', async () => {
    const approvalGroup = await buildGroup(t.db, {
      name: 'Wartende Wombats',
      description: 'Aufnahme nach Antrag',
      type: 'approval',
      admins: [insider],
      applied: [outsider],
    });
    const [topic] = await t.db
      .insert(topics)
      .values({ group_id: approvalGroup.id, name: 'Wombatwanderung', description: 'intern' })
      .returning({ id: topics.id });
    await t.db.insert(posts).values({
      author_id: insider.id,
      written_by: insider.id,
      group_id: approvalGroup.id,
      description: '<p>Die Wombatwanderung beginnt am Montag.</p>',
    });

    expect(ids(await search(outsiderClient, { query: 'Wombats' }), 'search_groups')).toEqual([
      approvalGroup.id,
    ]);
    expect((await search(outsiderClient, { query: 'Wombatwanderung' })).modules).toEqual([]);

    const found = await search(insiderClient, { query: 'Wombatwanderung' });
    expect(ids(found, 'search_topics')).toEqual([topic!.id]);
    expect(ids(found, 'search_posts')).toHaveLength(1);
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
});
