import { type PageQuery, pageSizes, type Topic } from '@plaza/contract';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import type { GroupDeps } from '../groups';
import {
  groupMembersPage,
  loadGroupAccess,
  loadTopicAccess,
  newestGroupFiles,
  presentFiles,
  presentMemberPage,
  requireOwnImage,
  type TopicAccess,
} from '../groups';
import { removePostsIn } from '../posts';
import { deleteStoredFiles, removeImage } from '../uploads';
import { presentTopic } from './presenter';
import { topicsRepo } from './repo';

/** The topic page for a viewer: its newest files, its group's first members, and open suggestions for topic managers. */
export async function topicPage(db: Db, user: SessionUser, access: TopicAccess): Promise<Topic> {
  const { topic, groupAccess } = access;
  const perPage = pageSizes.membersTab.desktop;
  const managesTopics = groupAccess.permissions.includes('manage_topics');
  const [row, files, members, suggestions] = await Promise.all([
    topicsRepo.detail(db, topic.id),
    newestGroupFiles(db, { topicId: topic.id }, pageSizes.groupFiles.first),
    groupMembersPage(db, topic.group_id, 'all', { limit: perPage, offset: 0 }),
    managesTopics ? topicsRepo.countSuggestions(db, topic.group_id) : 0,
  ]);
  if (!row) throw notFound('The topic');
  return presentTopic(row, {
    files: presentFiles(files, user.id, access.permissions.includes('delete')),
    members: presentMemberPage(members, 1, perPage),
    permissions: access.permissions,
    suggestions,
  });
}

/** A topic page; hidden with its group from those who may not see the group. */
export async function getTopic(db: Db, user: SessionUser, topicId: number): Promise<Topic> {
  return topicPage(db, user, await loadTopicAccess(db, topicId, user));
}

/** Members of a topic: the accepted members of its group. */
export async function topicMembers(
  db: Db,
  user: SessionUser,
  topicId: number,
  { page, per_page }: PageQuery,
) {
  const { topic } = await loadTopicAccess(db, topicId, user);
  const rows = await groupMembersPage(db, topic.group_id, 'all', {
    limit: per_page,
    offset: (page - 1) * per_page,
  });
  return presentMemberPage(rows, page, per_page);
}

/** Creates a topic in a group (manage_topics); other members may only suggest one. */
export async function createTopic(
  db: Db,
  user: SessionUser,
  body: { name: string; description: string; group_id: number; img_id?: number | null | undefined },
): Promise<Topic> {
  const groupAccess = await loadGroupAccess(db, body.group_id, user);
  if (!groupAccess.permissions.includes('manage_topics')) {
    throw forbidden('Only those who manage the topics of this group can create topics; suggest one instead.');
  }
  if (body.img_id) await requireOwnImage(db, body.img_id, user.id);
  const id = await topicsRepo.insert(db, {
    group_id: body.group_id,
    name: body.name,
    description: body.description,
    image_id: body.img_id ?? null,
    author_id: user.id,
    status: 'active',
  });
  return getTopic(db, user, id);
}

/** Edits a topic (edit permission); it stays in its group, and a new image must be the editor's own upload. */
export async function updateTopic(
  deps: GroupDeps,
  user: SessionUser,
  topicId: number,
  body: { group_id: number; title: string; description: string; img_id?: number | null | undefined },
): Promise<Topic> {
  const { db } = deps;
  const access = await loadTopicAccess(db, topicId, user);
  if (!access.permissions.includes('edit')) throw forbidden();
  if (body.group_id !== access.topic.group_id) {
    throw badRequest('A topic cannot move to another group.', 'group_id');
  }
  const changes: Parameters<typeof topicsRepo.update>[2] = {
    name: body.title,
    description: body.description,
  };
  if (body.img_id === null) changes.image_id = null;
  else if (body.img_id !== undefined && body.img_id !== access.topic.image_id) {
    await requireOwnImage(db, body.img_id, user.id);
    changes.image_id = body.img_id;
  }
  await topicsRepo.update(db, topicId, changes);
  // A replaced or removed image is not used anywhere else: its row and files go.
  if (changes.image_id !== undefined && access.topic.image_id) await removeImage(deps, access.topic.image_id);
  return getTopic(db, user, topicId);
}

/** Deletes a topic (delete permission) with its files, also from disk. */
export async function deleteTopic(deps: GroupDeps, user: SessionUser, topicId: number) {
  const access = await loadTopicAccess(deps.db, topicId, user);
  if (!access.permissions.includes('delete')) throw forbidden();
  await removePostsIn(deps, { topicId });
  const paths = await topicsRepo.remove(deps.db, topicId);
  await deleteStoredFiles(deps.storage, paths);
  if (access.topic.image_id) await removeImage(deps, access.topic.image_id);
  return { success: true as const };
}
