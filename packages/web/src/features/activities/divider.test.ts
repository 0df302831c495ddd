import { describe, expect, it } from 'vitest';
import { upToDateDividerIndex } from './divider';

const read = { read: true };
const unread = { read: false };

describe('upToDateDividerIndex', () => {
  it('goes after the last unread activity on the first page', () => {
    expect(upToDateDividerIndex([unread, unread, read, read], 1)).toBe(2);
    expect(upToDateDividerIndex([unread, read, unread, read], 1)).toBe(3);
    expect(upToDateDividerIndex([unread, unread], 1)).toBe(2);
  });

  it('is at the top when nothing is unread', () => {
    expect(upToDateDividerIndex([read, read], 1)).toBe(0);
  });

  it('is not shown on later pages or for an empty list', () => {
    expect(upToDateDividerIndex([unread, read], 2)).toBeNull();
    expect(upToDateDividerIndex([], 1)).toBeNull();
  });
});
