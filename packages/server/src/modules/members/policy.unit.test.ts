import { describe, expect, it } from 'vitest';
import { type AccountFacts, can, type MemberActor } from './policy';

const actors = {
  member: { id: 1, permissions: [] },
  author: { id: 2, permissions: ['post_as_author'] },
  usersEditor: { id: 3, permissions: ['users'] },
  superadmin: { id: 4, permissions: ['superadmin'] },
} satisfies Record<string, MemberActor>;

const accounts = {
  member: { id: 10, permissions: [] },
  usersEditor: { id: 11, permissions: ['users'] },
  superadmin: { id: 12, permissions: ['superadmin'] },
  self: { id: 3, permissions: ['users'] },
  ownSuperadmin: { id: 4, permissions: ['superadmin'] },
} satisfies Record<string, AccountFacts>;

const manageRows: [keyof typeof actors, boolean][] = [
  ['member', false],
  ['author', false],
  ['usersEditor', true],
  ['superadmin', true],
];

const deactivateRows: [keyof typeof actors, keyof typeof accounts, boolean][] = [
  ['member', 'member', false],
  ['usersEditor', 'member', true],
  ['usersEditor', 'usersEditor', true],
  ['usersEditor', 'superadmin', false],
  ['usersEditor', 'self', false],
  ['superadmin', 'superadmin', true],
  ['superadmin', 'member', true],
];

const permissionRows: [keyof typeof actors, keyof typeof accounts, boolean][] = [
  ['member', 'member', false],
  ['author', 'member', false],
  ['usersEditor', 'member', false],
  ['usersEditor', 'self', false],
  ['superadmin', 'member', true],
  ['superadmin', 'usersEditor', true],
  ['superadmin', 'superadmin', true],
  ['superadmin', 'ownSuperadmin', false],
];

describe('member policy', () => {
  it.each(manageRows)('%s: manage -> %s', (actor, expected) => {
    expect(can(actors[actor], 'manage')).toBe(expected);
  });
  it.each(deactivateRows)('%s deactivates %s -> %s', (actor, account, expected) => {
    expect(can(actors[actor], 'deactivate', accounts[account])).toBe(expected);
  });
  it.each(permissionRows)('%s sets the permissions of %s -> %s', (actor, account, expected) => {
    expect(can(actors[actor], 'permissions', accounts[account])).toBe(expected);
  });
});
