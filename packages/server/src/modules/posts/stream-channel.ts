import type { NewPostEvent, StreamRef } from '@plaza/contract';
import type { EventBus } from '../../platform/bus';
import { AppError } from '../../platform/errors';
import { isSuperadmin } from '../../platform/permissions';
import { type ChannelDefinition, streamTopics } from '../../platform/realtime';
import type { SessionUser } from '../../platform/request-context';
import { groupsReadAsMember, loadGroupAccess, loadTopicAccess } from '../groups';
import type { PostDeps } from './deps';

/** A new post as the bus carries it: its id, the topics it goes to, and the members not to tell. */
interface NewPostNotice extends NewPostEvent {
  /** Its writer and its author: the post is their own, so no hint for them. */
  exclude: number[];
}

/** Where a new post was written, as the post service resolved it. */
export interface NewPostTarget {
  groupId: number | null;
  topicId: number | null;
  /** No group, or a group whose content every member reads. */
  everyMemberReads: boolean;
}

/** The bus topics a new post goes to: those whose subscribers may read it (see `streamTopics`). */
function topicsOf(target: NewPostTarget): string[] {
  return [
    streamTopics.all,
    ...(target.everyMemberReads ? [streamTopics.everyMember] : []),
    ...(target.groupId === null ? [] : [streamTopics.group(target.groupId)]),
    ...(target.topicId === null ? [] : [streamTopics.topic(target.topicId)]),
  ];
}

/** Tells the open streams that may show a new post about it (never its writer or author). */
export async function announceNewPost(
  bus: EventBus,
  post: { id: number; writerId: number; authorId: number },
  target: NewPostTarget,
): Promise<void> {
  const notice: NewPostNotice = {
    kind: 'new_post',
    id: `post-${post.id}`,
    exclude: [post.writerId, post.authorId],
  };
  await Promise.all(topicsOf(target).map((topic) => bus.publish(topic, notice)));
}

/** A group or a topic the member may not read is refused (null); other failures stay failures. */
async function unlessRefused(read: () => Promise<string[]>): Promise<string[] | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  }
}

/**
 * The topics of a member's stream, decided by the read rule when the member subscribes: the news
 * stream listens to every post for a superadmin, else to the posts every member reads and those of the
 * groups the member reads as a member; a group's or a topic's stream only for a member who reads it.
 */
async function topicsFor(deps: Pick<PostDeps, 'db'>, user: SessionUser, stream: StreamRef | undefined) {
  if (!stream) return null;
  if (stream.kind === 'news') {
    if (isSuperadmin(user)) return [streamTopics.all];
    const groups = await groupsReadAsMember(deps.db, user.id);
    return [streamTopics.everyMember, ...groups.map(streamTopics.group)];
  }
  if (stream.kind === 'group') {
    return unlessRefused(async () => {
      const access = await loadGroupAccess(deps.db, stream.id, user);
      if (!access.canRead) throw new AppError(403, 'forbidden', 'Not a reader of this group.');
      return [streamTopics.group(stream.id)];
    });
  }
  return unlessRefused(async () => {
    await loadTopicAccess(deps.db, stream.id, user);
    return [streamTopics.topic(stream.id)];
  });
}

/** What a member hears of a new post: its id, unless the post is their own. */
function messageFor(user: SessionUser, payload: unknown): NewPostEvent | undefined {
  const notice = payload as NewPostNotice;
  if (notice.exclude.includes(user.id)) return undefined;
  return { kind: notice.kind, id: notice.id };
}

/** `StreamChannel`: new posts of an open stream the member may read (a hint to load them). */
export function streamChannel(deps: Pick<PostDeps, 'db'>): ChannelDefinition {
  return { name: 'StreamChannel', topicsFor: (user, stream) => topicsFor(deps, user, stream), messageFor };
}
