import {
  buildPagination,
  type Comment,
  type PageQuery,
  type ReactionTargetType,
  type setLikeSchema,
  type updateCommentSchema,
  type writeCommentSchema,
} from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { combinedName } from '../groups';
import { forgetNewsTeasers } from '../news';
import type { PostDeps } from '../posts';
import { notifyAboutPost } from '../posts';
import { commentPolicy } from './policy';
import { type CommentWithAuthor, reactionsRepo } from './repo';
import { loadReactionTarget, type ReactionTarget } from './targets';

type Deps = Pick<PostDeps, 'db' | 'bus'>;
const commentActions = ['edit', 'delete'] as const;
type TargetQuery = { type: ReactionTargetType; id: number };

function presentComment(row: CommentWithAuthor, target: ReactionTarget, user: SessionUser): Comment {
  return {
    id: row.id,
    text: row.text,
    author: {
      id: row.author_id,
      name: combinedName({ firstname: row.author_firstname, lastname: row.author_lastname }),
      avatar: row.author_img,
    },
    created_at: row.created_at.toISOString(),
    permissions: commentActions.filter((action) =>
      commentPolicy.can(user, action, { author_id: row.author_id, ownerId: target.ownerId }),
    ),
  };
}

/** Tells the item's owner (a post's author; items without one tell nobody) about a member's comment or like. */
async function tellOwner(deps: Deps, target: ReactionTarget, user: SessionUser, type: 'comment' | 'like') {
  if (target.ownerId === null) return;
  await notifyAboutPost(deps, {
    userId: target.ownerId,
    actorId: user.id,
    type,
    text: type === 'comment' ? 'comment_post' : 'like_post',
    vars: { name: combinedName(user) },
    url: target.url,
  });
}

/** Comments on an item the member may read, oldest first. */
export async function listComments({ db }: Deps, user: SessionUser, query: TargetQuery & PageQuery) {
  const target = await loadReactionTarget(db, user, query.type, query.id);
  const [rows, total] = await Promise.all([
    reactionsRepo.comments(db, target.type, target.id, query.per_page, (query.page - 1) * query.per_page),
    reactionsRepo.countComments(db, target.type, target.id),
  ]);
  return {
    results: rows.map((row) => presentComment(row, target, user)),
    pagination: buildPagination(query.page, query.per_page, total),
    can_comment: target.canComment,
  };
}

/** After a like or comment was added or removed: an article's counts show in the news teasers kept by every instance. */
function countsChanged(db: Db, target: ReactionTarget): void {
  if (target.type === 'news') forgetNewsTeasers(db);
}

/**
 * Writes a comment when the item allows comments; a post's author is told. A comment is plain text:
 * stored as written (the contract trims it and limits its length), markup included, and shown as text.
 */
export async function writeComment(
  deps: Deps,
  user: SessionUser,
  input: z.output<typeof writeCommentSchema>,
): Promise<Comment> {
  const target = await loadReactionTarget(deps.db, user, input.type, input.id);
  if (!target.canComment) throw forbidden('Comments are closed here.');
  const row = await reactionsRepo.insertComment(deps.db, {
    target_type: target.type,
    target_id: target.id,
    author_id: user.id,
    text: input.text,
  });
  countsChanged(deps.db, target);
  await tellOwner(deps, target, user, 'comment');
  const stored = await reactionsRepo.comment(deps.db, row.id);
  return presentComment(stored!, target, user);
}

/** Changes a comment's text: its writer only, while the item still takes comments. */
export async function editComment(
  { db }: Deps,
  user: SessionUser,
  id: number,
  input: z.output<typeof updateCommentSchema>,
): Promise<Comment> {
  const row = await reactionsRepo.comment(db, id);
  if (!row) throw notFound('The comment');
  const target = await loadReactionTarget(db, user, row.target_type, row.target_id);
  if (!commentPolicy.can(user, 'edit', { author_id: row.author_id, ownerId: target.ownerId })) {
    throw forbidden("Only the comment's writer may change it.");
  }
  if (!target.canComment) throw forbidden('Comments are closed here.');
  await reactionsRepo.updateComment(db, id, input.text);
  const stored = await reactionsRepo.comment(db, id);
  return presentComment(stored!, target, user);
}

/** Deletes a comment: its writer, the post's author or a superadmin. */
export async function removeComment({ db }: Deps, user: SessionUser, id: number) {
  const row = await reactionsRepo.comment(db, id);
  if (!row) throw notFound('The comment');
  const target = await loadReactionTarget(db, user, row.target_type, row.target_id);
  if (!commentPolicy.can(user, 'delete', { author_id: row.author_id, ownerId: target.ownerId })) {
    throw forbidden("Only the comment's writer, the post's author or a superadmin may delete it.");
  }
  await reactionsRepo.removeComment(db, id);
  countsChanged(db, target);
  return { success: true as const };
}

/** Who liked an item the member may read, with the count and the member's own like. */
export async function listLikes({ db }: Deps, user: SessionUser, query: TargetQuery & PageQuery) {
  const target = await loadReactionTarget(db, user, query.type, query.id);
  const [rows, state] = await Promise.all([
    reactionsRepo.likers(db, target.type, target.id, query.per_page, (query.page - 1) * query.per_page),
    reactionsRepo.likeState(db, target.type, target.id, user.id),
  ]);
  return {
    results: rows.map((row) => ({ id: row.id, name: combinedName(row), avatar: row.img })),
    pagination: buildPagination(query.page, query.per_page, state.count),
    ...state,
    can_like: target.canLike,
  };
}

/** Likes or unlikes an item that allows likes; a post's author is told about a new like. */
export async function setLike(deps: Deps, user: SessionUser, input: z.output<typeof setLikeSchema>) {
  const target = await loadReactionTarget(deps.db, user, input.type, input.id);
  if (!target.canLike) throw forbidden('Likes are closed here.');
  if (input.like) {
    const added = await reactionsRepo.like(deps.db, target.type, target.id, user.id);
    countsChanged(deps.db, target);
    if (added) await tellOwner(deps, target, user, 'like');
  } else {
    await reactionsRepo.unlike(deps.db, target.type, target.id, user.id);
    countsChanged(deps.db, target);
  }
  return reactionsRepo.likeState(deps.db, target.type, target.id, user.id);
}
