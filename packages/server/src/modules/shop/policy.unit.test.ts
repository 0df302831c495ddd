import { describe, expect, it } from 'vitest';
import { shopPolicy } from './policy';

const superadmin = { permissions: ['superadmin'] };
const shopAdmin = { permissions: ['shop'] };
const jobsAdmin = { permissions: ['jobs'] };
const member = { permissions: [] };

describe('shop policy', () => {
  it.each([
    ['a superadmin', superadmin, true],
    ['a holder of the shop permission', shopAdmin, true],
    ['a jobs administrator', jobsAdmin, false],
    ['a member', member, false],
    ['a visitor', null, false],
  ] as const)('manage the catalogue: %s → %s', (_who, user, allowed) => {
    expect(shopPolicy.can(user, 'manage')).toBe(allowed);
  });

  it.each([
    ['a member', member, true, true],
    ['a member', member, false, false],
    ['a superadmin', superadmin, true, true],
    ['a superadmin', superadmin, false, false],
    ['a holder of the shop permission', shopAdmin, false, false],
    ['a visitor', null, true, false],
  ] as const)('read: %s, a product active=%s → %s', (_who, user, active, allowed) => {
    expect(shopPolicy.can(user, 'read', { active })).toBe(allowed);
  });
});
