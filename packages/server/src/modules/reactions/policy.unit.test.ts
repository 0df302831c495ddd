import { describe, expect, it } from 'vitest';
import { type CommentActor, type CommentFacts, can } from './policy';

const actors = {
  writer: { id: 1, permissions: [] },
  postAuthor: { id: 2, permissions: [] },
  member: { id: 3, permissions: [] },
  usersEditor: { id: 4, permissions: ['users'] },
  postAsAuthor: { id: 5, permissions: ['post_as_author'] },
  superadmin: { id: 6, permissions: ['superadmin'] },
} satisfies Record<string, CommentActor>;

const comments = {
  /** Member 1's comment on member 2's post. */
  onPost: { author_id: 1, ownerId: 2 },
  /** Member 1's comment on a news article (no owner). */
  onNews: { author_id: 1, ownerId: null },
} satisfies Record<string, CommentFacts>;

const rows: [keyof typeof actors, keyof typeof comments, boolean][] = [
  ['writer', 'onPost', true],
  ['postAuthor', 'onPost', true],
  ['member', 'onPost', false],
  ['usersEditor', 'onPost', false],
  ['postAsAuthor', 'onPost', false],
  ['superadmin', 'onPost', true],
  ['writer', 'onNews', true],
  ['postAuthor', 'onNews', false],
  ['member', 'onNews', false],
  ['superadmin', 'onNews', true],
];

/** Only the writer changes a comment's words; the post's author and superadmins may only delete it. */
const editRows: [keyof typeof actors, keyof typeof comments, boolean][] = [
  ['writer', 'onPost', true],
  ['postAuthor', 'onPost', false],
  ['member', 'onPost', false],
  ['superadmin', 'onPost', false],
  ['writer', 'onNews', true],
  ['superadmin', 'onNews', false],
];

describe('comment policy', () => {
  it.each(rows)('%s on a comment %s: delete -> %s', (actor, comment, expected) => {
    expect(can(actors[actor], 'delete', comments[comment])).toBe(expected);
  });
  it.each(editRows)('%s on a comment %s: edit -> %s', (actor, comment, expected) => {
    expect(can(actors[actor], 'edit', comments[comment])).toBe(expected);
  });
});
