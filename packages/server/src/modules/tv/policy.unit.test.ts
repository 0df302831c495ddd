import { describe, expect, it } from 'vitest';
import { can, type DisplayKeyAction } from './policy';

const actors = {
  nobody: null,
  member: { permissions: [] },
  usersEditor: { permissions: ['users'] },
  postAsAuthor: { permissions: ['post_as_author'] },
  superadmin: { permissions: ['superadmin'] },
};
const expected: Record<keyof typeof actors, boolean> = {
  nobody: false,
  member: false,
  usersEditor: false,
  postAsAuthor: false,
  superadmin: true,
};
const actions: DisplayKeyAction[] = ['list', 'create', 'delete'];
const rows = actions.flatMap((action) =>
  (Object.keys(actors) as (keyof typeof actors)[]).map((actor) => [actor, action, expected[actor]] as const),
);

describe('TV display key policy', () => {
  it.each(rows)('%s: %s -> %s', (actor, action, result) => {
    expect(can(actors[actor], action)).toBe(result);
  });
});
