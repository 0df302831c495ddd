import { postPath, type ReactionTargetType } from '@plaza/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { newsReactionFacts } from '../news';
import { postRowsByIds, readerOf } from '../posts';

/** What the reaction rules need to know about an item the viewer may read. */
export interface ReactionTarget {
  type: ReactionTargetType;
  id: number;
  canComment: boolean;
  canLike: boolean;
  /** The member told about comments and likes (a post's author), and allowed to delete its comments. */
  ownerId: number | null;
  /** Page of the item (for activities), without the language. */
  url: string;
}

type TargetLoader = (db: Db, user: SessionUser, id: number) => Promise<ReactionTarget>;

/**
 * The registry of things members react to. Each loader answers "not found" for an item the viewer may
 * not read, so comments and likes follow the item's own visibility.
 */
const loaders: Record<ReactionTargetType, TargetLoader> = {
  async post(db, user, id) {
    const [row] = await postRowsByIds(db, readerOf(user), [id]);
    if (!row) throw notFound('The post');
    return { type: 'post', id, canComment: true, canLike: true, ownerId: row.author_id, url: postPath(id) };
  },
  async news(db, _user, id) {
    const article = await newsReactionFacts(db, id);
    if (!article) throw notFound('The article');
    return {
      type: 'news',
      id,
      canComment: article.comments_allowed,
      canLike: article.likes_allowed,
      ownerId: null,
      url: `/news/${id}`,
    };
  },
};

/** Loads a reaction target for a viewer (404 when it does not exist or they may not read it). */
export function loadReactionTarget(db: Db, user: SessionUser, type: ReactionTargetType, id: number) {
  return loaders[type](db, user, id);
}
