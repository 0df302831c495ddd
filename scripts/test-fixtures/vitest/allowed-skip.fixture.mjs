import { describe, expect, it } from 'vitest';

describe('fixture', () => {
  it('runs', () => {
    expect(true).toBe(true);
  });

  // Listed in ../allowed-skips.json with its reason.
  it.skip('needs a service this machine lacks', () => {
    expect(true).toBe(false);
  });
});
