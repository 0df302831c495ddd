import { describe, expect, it } from 'vitest';
import { can } from './policy';

const member = { id: 1, permissions: [] as string[] };
const shopManager = { id: 2, permissions: ['shop'] };
const superadmin = { id: 3, permissions: ['superadmin'] };
const usersEditor = { id: 4, permissions: ['users'] };

describe('registration policy', () => {
  it.each([
    ['nobody', null, false],
    ['a member', member, false],
    ['a users editor', usersEditor, false],
    ['the shop permission', shopManager, true],
    ['a superadmin', superadmin, true],
  ] as const)('manage: %s -> %s', (_name, user, allowed) => {
    expect(can(user, 'manage')).toBe(allowed);
  });
});
