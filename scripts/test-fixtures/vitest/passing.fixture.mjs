import { describe, expect, it } from 'vitest';

describe('fixture', () => {
  it('adds', () => {
    expect(1 + 1).toBe(2);
  });

  it('joins', () => {
    expect(['a', 'b'].join('')).toBe('ab');
  });
});
