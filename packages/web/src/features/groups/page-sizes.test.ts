import { describe, expect, it } from 'vitest';
import { filesPaging, manageMembersPageSize, membersTabPageSize, topicsPaging } from './page-sizes';

describe('page sizes per breakpoint (spec section 9)', () => {
  it('members tab: 15 on desktop, 8 on phones', () => {
    expect(membersTabPageSize(false)).toBe(15);
    expect(membersTabPageSize(true)).toBe(8);
  });
  it('manage members: 9 on desktop, 3 on phones', () => {
    expect(manageMembersPageSize(false)).toBe(9);
    expect(manageMembersPageSize(true)).toBe(3);
  });
  it('topics: 5 first, then 5 more (3 on phones)', () => {
    expect(topicsPaging(false)).toEqual({ first: 5, step: 5 });
    expect(topicsPaging(true)).toEqual({ first: 5, step: 3 });
  });
  it('files: 8 first, then 8 more (6 on phones)', () => {
    expect(filesPaging(false)).toEqual({ first: 8, step: 8 });
    expect(filesPaging(true)).toEqual({ first: 8, step: 6 });
  });
});
