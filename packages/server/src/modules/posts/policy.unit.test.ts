import { describe, expect, it } from 'vitest';
import { can, type PostAction, type PostActor, type PostFacts } from './policy';

const actors = {
  nobody: null,
  author: { id: 1, permissions: [] },
  writer: { id: 2, permissions: [] },
  groupAdmin: { id: 3, permissions: [] },
  member: { id: 4, permissions: [] },
  postAsAuthor: { id: 5, permissions: ['post_as_author'] },
  usersEditor: { id: 6, permissions: ['users'] },
  superadmin: { id: 7, permissions: ['superadmin'] },
} satisfies Record<string, PostActor>;
type ActorName = keyof typeof actors;

/** Written by member 2 as member 1; `viewer_is_group_admin` is the viewer's place in the post's group. */
const postFor = (actor: ActorName): PostFacts => ({
  author_id: 1,
  written_by: 2,
  viewer_is_group_admin: actor === 'groupAdmin',
});
/** The author's account was deleted: author and writer are null. */
const orphanFor = (actor: ActorName): PostFacts => ({
  author_id: null,
  written_by: null,
  viewer_is_group_admin: actor === 'groupAdmin',
});

const rows: [ActorName, 'post' | 'orphan', boolean][] = [
  ['nobody', 'post', false],
  ['author', 'post', true],
  ['writer', 'post', true],
  ['groupAdmin', 'post', true],
  ['member', 'post', false],
  ['postAsAuthor', 'post', false],
  ['usersEditor', 'post', false],
  ['superadmin', 'post', true],
  ['nobody', 'orphan', false],
  ['author', 'orphan', false],
  ['member', 'orphan', false],
  ['groupAdmin', 'orphan', true],
  ['superadmin', 'orphan', true],
];
const actions: PostAction[] = ['delete', 'remove_file'];

/** Editing puts words in someone's mouth: only the author shown and the writer change the text. */
const editRows: [ActorName, 'post' | 'orphan', boolean][] = [
  ['nobody', 'post', false],
  ['author', 'post', true],
  ['writer', 'post', true],
  ['groupAdmin', 'post', false],
  ['member', 'post', false],
  ['postAsAuthor', 'post', false],
  ['usersEditor', 'post', false],
  ['superadmin', 'post', false],
  ['author', 'orphan', false],
  ['groupAdmin', 'orphan', false],
  ['superadmin', 'orphan', false],
];

describe('post policy', () => {
  for (const action of actions) {
    it.each(rows)(`%s on a %s: ${action} -> %s`, (actor, kind, expected) => {
      const post = kind === 'post' ? postFor(actor) : orphanFor(actor);
      expect(can(actors[actor], action, post)).toBe(expected);
    });
  }
  it.each(editRows)('%s on a %s: edit -> %s', (actor, kind, expected) => {
    const post = kind === 'post' ? postFor(actor) : orphanFor(actor);
    expect(can(actors[actor], 'edit', post)).toBe(expected);
  });
});
