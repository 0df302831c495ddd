import { buildPagination, type PageQuery, type PostSelectOption } from '@plaza/contract';
import type { Db } from '../../db/client';
import { isSuperadmin } from '../../platform/permissions';
import type { SessionUser } from '../../platform/request-context';
import { combinedName, loadGroupAccess, requireGroupPermission } from '../groups';
import { getSettings } from '../settings';
import { postOptionsRepo } from './options-repo';
import { mayChooseAuthor } from './service';

const topicProperty = (topic: { id: number; name: string }) => ({
  key: 'topic' as const,
  value: topic.name,
  id: topic.id,
  type: 'topic' as const,
});

/** Where the member may post: their groups (post_content) with the topics of each. */
export async function postOptions(db: Db, user: SessionUser) {
  const superadmin = isSuperadmin(user);
  const [groups, settings] = await Promise.all([
    postOptionsRepo.postableGroups(db, user.id, superadmin),
    getSettings(db),
  ]);
  const topics = await postOptionsRepo.topicsOf(
    db,
    groups.map((g) => g.id),
  );
  const results: PostSelectOption[] = groups.map((group) => ({
    identifier: `group-${group.id}`,
    label: group.name,
    id: group.id,
    type: 'group',
    properties: topics.filter((t) => t.group_id === group.id).map(topicProperty),
  }));
  return { results, allow_without_group: settings.allow_posts_without_grp_and_topic };
}

/** The topics of one group the member may post into. */
export async function groupPostOptions(db: Db, user: SessionUser, groupId: number) {
  requireGroupPermission(await loadGroupAccess(db, groupId, user), 'post_content');
  const topics = await postOptionsRepo.topicsOf(db, [groupId]);
  return { results: topics.map(topicProperty) };
}

/** Members the viewer may post as; empty and `enabled: false` when they may not choose an author. */
export async function postAuthors(db: Db, user: SessionUser, query: PageQuery & { search: string }) {
  const settings = await getSettings(db);
  if (!mayChooseAuthor(user, settings.author_function)) {
    return { results: [], pagination: buildPagination(1, query.per_page, 0), enabled: false };
  }
  const { rows, total } = await postOptionsRepo.authors(
    db,
    query.search,
    query.per_page,
    (query.page - 1) * query.per_page,
  );
  return {
    results: rows.map((row) => ({ id: row.id, name: combinedName(row), avatar: row.img })),
    pagination: buildPagination(query.page, query.per_page, total),
    enabled: true,
  };
}
