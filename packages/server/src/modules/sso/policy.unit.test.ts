import { userPermissions } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { can, type SsoAction } from './policy';

const actors: Record<string, { permissions: string[] } | null> = {
  nobody: null,
  member: { permissions: [] },
  ...Object.fromEntries(userPermissions.map((permission) => [permission, { permissions: [permission] }])),
  everythingButSuperadmin: { permissions: userPermissions.filter((p) => p !== 'superadmin') },
};
const actions: SsoAction[] = ['administer'];
const rows = actions.flatMap((action) =>
  Object.keys(actors).map((actor) => [actor, action, actor === 'superadmin'] as const),
);

describe('sign-in provider policy', () => {
  it.each(rows)('%s: %s -> %s', (actor, action, result) => {
    expect(can(actors[actor] ?? null, action)).toBe(result);
  });
});
