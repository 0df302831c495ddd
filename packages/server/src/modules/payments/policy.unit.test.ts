import { describe, expect, it } from 'vitest';
import { orderPolicy } from './policy';

const superadmin = { id: 1, permissions: ['superadmin'] };
const shopAdmin = { id: 2, permissions: ['shop'] };
const jobsAdmin = { id: 3, permissions: ['jobs'] };
const member = { id: 4, permissions: [] };

describe('order policy', () => {
  it.each([
    ['a superadmin', superadmin, true],
    ['a holder of the shop permission', shopAdmin, true],
    ['a jobs administrator', jobsAdmin, false],
    ['a member', member, false],
    ['a visitor', null, false],
  ] as const)('manage orders: %s → %s', (_who, user, allowed) => {
    expect(orderPolicy.can(user, 'manage')).toBe(allowed);
  });

  it.each([
    ['a member', member, true],
    ['a visitor', null, false],
  ] as const)('buy: %s → %s', (_who, user, allowed) => {
    expect(orderPolicy.can(user, 'buy')).toBe(allowed);
  });

  it.each([
    ['the member who bought it', member, 4, true],
    ['another member', member, 5, false],
    ['a superadmin (not through the member calls)', superadmin, 4, false],
    ['a holder of the shop permission', shopAdmin, 4, false],
    ['anyone, once the buyer is deleted', member, null, false],
    ['a visitor', null, 4, false],
  ] as const)('read an order: %s → %s', (_who, user, owner, allowed) => {
    expect(orderPolicy.can(user, 'read', { user_id: owner })).toBe(allowed);
  });
});
