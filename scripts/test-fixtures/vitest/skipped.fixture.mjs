import { describe, expect, it } from 'vitest';

describe('fixture', () => {
  it('runs', () => {
    expect(true).toBe(true);
  });

  it.skip('is skipped', () => {
    expect(true).toBe(false);
  });

  it.todo('is still to do');
});
