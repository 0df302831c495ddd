import {
  type CreatePostInput,
  type createPostSchema,
  limits,
  maxId,
  type Post,
  postPath,
  textLength,
  type updatePostSchema,
} from '@plaza/contract';
import type { z } from 'zod';
import { badRequest, forbidden } from '../../platform/errors';
import { mentionedIds, sanitizeRichText, textOfHtml } from '../../platform/html-sanitizer';
import { hasPermission, isSuperadmin } from '../../platform/permissions';
import type { SessionUser } from '../../platform/request-context';
import {
  combinedName,
  everyMemberReads,
  loadGroupAccess,
  loadTopicAccess,
  memberReadsGroup,
  requireGroupPermission,
} from '../groups';
import { getSettings } from '../settings';
import { deleteStoredFiles } from '../uploads';
import { findUserById } from '../users';
import type { PostDeps } from './deps';
import { notifyAboutPost } from './notify';
import { postPolicy } from './policy';
import { cleanPreview } from './preview';
import { postsRepo } from './repo';
import { readablePost, readablePostRow } from './stream';
import { announceNewPost } from './stream-channel';

/** Mentions notified per post at most (more spans are kept as text, without a notification). */
const maxMentions = 50;

/** Whether the member may post as someone else: superadmin or post_as_author, with author_function on. */
export function mayChooseAuthor(user: SessionUser, authorFunction: boolean): boolean {
  return authorFunction && (isSuperadmin(user) || hasPermission(user, 'post_as_author'));
}

interface Target {
  groupId: number | null;
  groupName: string | null;
  topicId: number | null;
  /** No group, or a group whose content every member reads. */
  everyMemberReads: boolean;
}

/**
 * Where a post goes: a group the writer may post into (post_content) and optionally one of its topics
 * (a topic alone names its group). Without a group only when `allow_posts_without_grp_and_topic` is
 * on. When it is off a topic is required too, if the group has any.
 */
async function resolveTarget(
  deps: PostDeps,
  user: SessionUser,
  input: z.output<typeof createPostSchema>,
  allowWithout: boolean,
): Promise<Target> {
  let groupId = input.group_id ?? null;
  const topicId = input.topic_id ?? null;
  if (topicId !== null) {
    const topicAccess = await loadTopicAccess(deps.db, topicId, user);
    if (groupId !== null && topicAccess.topic.group_id !== groupId) {
      throw badRequest('The topic does not belong to the group.', 'topic_id');
    }
    groupId = topicAccess.topic.group_id;
    if (!topicAccess.permissions.includes('post_content')) throw forbidden('You may not post in this topic.');
    const group = topicAccess.groupAccess.group;
    return { groupId, groupName: group.name, topicId, everyMemberReads: everyMemberReads(group.type) };
  }
  if (groupId === null) {
    if (!allowWithout) throw badRequest('Choose a group and a topic for the post.', 'group_id');
    return { groupId: null, groupName: null, topicId: null, everyMemberReads: true };
  }
  const access = await loadGroupAccess(deps.db, groupId, user);
  requireGroupPermission(access, 'post_content');
  if (!allowWithout && (await postsRepo.hasTopics(deps.db, groupId))) {
    throw badRequest('Choose a topic of the group for the post.', 'topic_id');
  }
  return {
    groupId,
    groupName: access.group.name,
    topicId: null,
    everyMemberReads: everyMemberReads(access.group.type),
  };
}

/** The member shown as author: the writer, or a chosen member when the writer may choose. */
async function resolveAuthor(
  deps: PostDeps,
  user: SessionUser,
  authorId: number | null | undefined,
  enabled: boolean,
) {
  if (!authorId || authorId === user.id) return user;
  if (!mayChooseAuthor(user, enabled)) throw forbidden('You may not post as another member.');
  const author = await findUserById(deps.db, authorId);
  if (!author) throw badRequest('This member does not exist.', 'author_id');
  return author;
}

/**
 * Writes a post: the target and author are checked, the HTML sanitised, the files claimed, the link
 * preview fetched on the server, and every mentioned member who can read the post gets an activity;
 * the open streams of its readers are told of it.
 */
export async function createPost(deps: PostDeps, user: SessionUser, raw: CreatePostInput): Promise<Post> {
  const input = raw as z.output<typeof createPostSchema>;
  const settings = await getSettings(deps.db);
  const author = await resolveAuthor(deps, user, input.author_id, settings.author_function);
  const target = await resolveTarget(deps, user, input, settings.allow_posts_without_grp_and_topic);

  const { description, mentions } = cleanDescription(input.description);
  const fileIds = [...new Set(input.files)];
  const previewUrl = input.preview?.url ?? null;
  const preview = previewUrl ? cleanPreview(await deps.fetchPreview(previewUrl), previewUrl) : null;

  const mentioned = await readersAmong(deps, target, mentions.slice(0, maxMentions));
  const post = await deps.db.transaction(async (tx) => {
    const row = await postsRepo.insert(tx, {
      author_id: author.id,
      written_by: user.id,
      group_id: target.groupId,
      topic_id: target.topicId,
      description,
      preview,
    });
    const claimed = await postsRepo.claimFiles(tx, row.id, user.id, fileIds);
    if (claimed !== fileIds.length) throw badRequest('A file is not one of your new uploads.', 'files');
    await postsRepo.addMentions(tx, row.id, mentioned);
    return row;
  });

  await notifyMentioned(deps, mentioned, { postId: post.id, author, groupName: target.groupName });
  await announceNewPost(deps.bus, { id: post.id, writerId: user.id, authorId: author.id }, target);
  return readablePost(deps.db, user, post.id);
}

/**
 * Sanitises a post's HTML and reads its mentions; refuses a text that is empty or, once sanitised,
 * too long (sanitising may add attributes: link rel, mention class).
 */
function cleanDescription(raw: string): { description: string; mentions: number[] } {
  const description = sanitizeRichText(raw);
  // A mention naming an id no integer column holds names nobody (and must not reach a query).
  const mentions = mentionedIds(description).filter((id) => id <= maxId);
  if (!textOfHtml(description) && mentions.length === 0) {
    throw badRequest('Write something first.', 'description');
  }
  if (textLength(description) > limits.postMaxLength)
    throw badRequest('The post is too long.', 'description');
  return { description, mentions };
}

/** Tells each mentioned member that the author mentioned them in the post. */
async function notifyMentioned(
  deps: PostDeps,
  userIds: number[],
  post: {
    postId: number;
    author: { id: number; firstname: string; lastname: string };
    groupName: string | null;
  },
): Promise<void> {
  const vars = { name: combinedName(post.author), group: post.groupName ?? '' };
  for (const userId of userIds) {
    await notifyAboutPost(deps, {
      userId,
      actorId: post.author.id,
      type: 'mention',
      text: post.groupName ? 'mention_in_group' : 'mention',
      vars,
      url: postPath(post.postId),
    });
  }
}

/**
 * Changes a post's text (its author or writer). The mentions follow the new text; only members it
 * mentions for the first time are told, so an edit does not notify anyone twice.
 */
export async function editPost(
  deps: PostDeps,
  user: SessionUser,
  id: number,
  input: z.output<typeof updatePostSchema>,
): Promise<Post> {
  const post = await readablePostRow(deps.db, user, id);
  if (!postPolicy.can(user, 'edit', post)) throw forbidden('Only the author may change this post.');
  const { description, mentions } = cleanDescription(input.description);
  const mentioned = await readersAmong(deps, { groupId: post.group_id }, mentions.slice(0, maxMentions));
  const before = new Set((await postsRepo.mentionsOf(deps.db, [id])).map((row) => row.id));
  await deps.db.transaction(async (tx) => {
    await postsRepo.updateDescription(tx, id, description);
    await postsRepo.setMentions(tx, id, mentioned);
  });
  const author = {
    id: post.author_id ?? user.id,
    firstname: post.author_firstname ?? user.firstname,
    lastname: post.author_lastname ?? user.lastname,
  };
  const newcomers = mentioned.filter((userId) => !before.has(userId));
  await notifyMentioned(deps, newcomers, { postId: id, author, groupName: post.group_name });
  return readablePost(deps.db, user, id);
}

/** The mentioned members who exist and may read a post in the target (others get nothing). */
async function readersAmong(
  deps: PostDeps,
  target: Pick<Target, 'groupId'>,
  ids: number[],
): Promise<number[]> {
  const readers: number[] = [];
  for (const id of ids) {
    const member = await findUserById(deps.db, id);
    if (!member) continue;
    if (target.groupId === null || (await memberReadsGroup(deps.db, target.groupId, member)))
      readers.push(id);
  }
  return readers;
}

/** Deletes a post (author, writer, group admin or superadmin) with its files, comments and likes. */
export async function removePost(deps: PostDeps, user: SessionUser, id: number): Promise<{ success: true }> {
  const post = await readablePostRow(deps.db, user, id);
  if (!postPolicy.can(user, 'delete', post)) {
    throw forbidden('Only the author, an admin of the group or a superadmin may delete this post.');
  }
  await deleteStoredFiles(deps.storage, await postsRepo.removeWhere(deps.db, { postId: id }));
  return { success: true };
}

/** Removes the posts of a group about to be deleted (subscribed to the groups' `onGroupRemoving` by the posts module). */
export async function removePostsOfGroup(
  deps: Pick<PostDeps, 'db' | 'storage'>,
  groupId: number,
): Promise<void> {
  await removePostsIn(deps, { groupId });
}

/**
 * Deletes every post of a group or a topic with its comments, likes and stored files; the group and
 * topic services call it before they delete one.
 */
export async function removePostsIn(
  deps: Pick<PostDeps, 'db' | 'storage'>,
  scope: { groupId: number } | { topicId: number },
): Promise<void> {
  await deleteStoredFiles(deps.storage, await postsRepo.removeWhere(deps.db, scope));
}

/** The stream rows of these posts that the reader may see (reactions checks a like's target by it). */
export function postRowsByIds(
  ...args: Parameters<typeof postsRepo.byIds>
): ReturnType<typeof postsRepo.byIds> {
  return postsRepo.byIds(...args);
}
