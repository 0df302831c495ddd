import { describe, expect, it } from 'vitest';

describe('fixture', () => {
  it('adds', () => {
    expect(1 + 1).toBe(2);
  });

  it('subtracts wrongly', () => {
    expect(2 - 1).toBe(3);
  });
});
