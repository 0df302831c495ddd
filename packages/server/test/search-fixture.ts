import type { SearchModule, SearchPage } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { pages, posts, topics, users } from '../src/db/schema';
import { createTestApp } from './app';
import type { TestClient } from './client';
import { buildGroup, buildUser } from './factories';
import { signedIn } from './group-helpers';
import { buildArticle } from './post-helpers';

/** The search's answer for a query; fails the test unless it is a 200. */
export const search = async (client: TestClient, query: Record<string, string | number>) => {
  const response = await client.get('/api/v2/pages/search', { query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchPage;
};
/** The module of one kind in an answer, typed as that kind. */
export const kind = <T extends SearchModule['type']>(page: SearchPage, type: T) =>
  page.modules.find((module) => module.type === type) as Extract<SearchModule, { type: T }> | undefined;
/** The ids of one kind's results. */
export const ids = (page: SearchPage, type: SearchModule['type']) =>
  (kind(page, type)?.data.results ?? []).map((result) => result.id);

/**
 * The community of the search tests (src/modules/search/*.test.ts): an outsider, an insider who runs a
 * private and an open group (a topic and a post in each, one more post in no group), a superadmin, a member
 * found by his position and a deactivated one, published, future and draft articles and pages, and a
 * signed-in client of the outsider, the insider and the superadmin. Each test file builds it on its own
 * database.
 */
export async function searchFixture() {
  const t = await createTestApp();
  const outsider = await buildUser(t.db, { firstname: 'Olga', lastname: 'Außenstehend' });
  const insider = await buildUser(t.db, { firstname: 'Ingo', lastname: 'Innen' });
  const admin = await buildUser(t.db, { firstname: 'Ada', lastname: 'Admin', permissions: ['superadmin'] });
  await buildUser(
    t.db,
    { firstname: 'Zacharias', lastname: 'Quellwasser' },
    { position: 'Geheimrezeptkoch', skills: ['Brotbacken'] },
  );
  const gone = await buildUser(t.db, { firstname: 'Zacharias', lastname: 'Abgemeldet' });
  await t.db.update(users).set({ deactivated_at: new Date() }).where(eq(users.id, gone.id));

  const privateGroup = await buildGroup(t.db, {
    name: 'Verschwiegene Runde',
    description: 'Nur für Eingeweihte',
    type: 'private',
    admins: [insider],
  });
  const openGroup = await buildGroup(t.db, {
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
  const hiddenTopic = inserted[0]!;
  const openTopic = inserted[1]!;
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
  const openPost = written!;
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

  const outsiderClient = await signedIn(t, outsider);
  const insiderClient = await signedIn(t, insider);
  const adminClient = await signedIn(t, admin);
  return {
    t,
    outsider,
    insider,
    outsiderClient,
    insiderClient,
    adminClient,
    privateGroup,
    openGroup,
    hiddenTopic,
    openTopic,
    openPost,
  };
}
