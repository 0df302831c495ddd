import { topics } from '../src/db/schema';
import { createTestApp } from './app';
import { buildAdmin, buildGroup, buildUser } from './factories';
import { signedIn } from './group-helpers';

/**
 * The community of the posts tests (src/modules/posts/*.test.ts): a group "Kantine" with the topic
 * "Speiseplan" (owner its admin, member and writer in it), a group without topics, another group with a
 * topic of its own, a writer who may post as another author, a superadmin, and a signed-in client of each.
 * Each test file builds it once on its own database.
 */
export async function postsFixture() {
  const t = await createTestApp();
  const owner = await buildUser(t.db, { firstname: 'Olga', lastname: 'Owner' });
  const member = await buildUser(t.db, { firstname: 'Mia', lastname: 'Member' });
  const stranger = await buildUser(t.db, { firstname: 'Sam', lastname: 'Stranger' });
  const writer = await buildUser(t.db, {
    firstname: 'Wanda',
    lastname: 'Writer',
    permissions: ['post_as_author'],
  });
  const admin = await buildAdmin(t.db, { firstname: 'Ada', lastname: 'Admin' });
  const group = await buildGroup(t.db, { name: 'Kantine', admins: [owner], members: [member, writer] });
  const emptyGroup = await buildGroup(t.db, { name: 'Ohne Themen', admins: [owner], members: [member] });
  const otherGroup = await buildGroup(t.db, { name: 'Andere', admins: [stranger] });
  const [topic] = await t.db
    .insert(topics)
    .values({ group_id: group.id, name: 'Speiseplan', description: 'Was es gibt', author_id: owner.id })
    .returning();
  const topicId = topic!.id;
  const [other] = await t.db
    .insert(topics)
    .values({ group_id: otherGroup.id, name: 'Fremd', description: 'x', author_id: stranger.id })
    .returning();
  const otherTopicId = other!.id;
  const ownerClient = await signedIn(t, owner);
  const memberClient = await signedIn(t, member);
  const strangerClient = await signedIn(t, stranger);
  const writerClient = await signedIn(t, writer);
  const adminClient = await signedIn(t, admin);
  return {
    t,
    owner,
    member,
    stranger,
    writer,
    admin,
    group,
    emptyGroup,
    topicId,
    otherTopicId,
    ownerClient,
    memberClient,
    strangerClient,
    writerClient,
    adminClient,
  };
}
