import { expect, test } from '@playwright/test';

test.describe('fixture', () => {
  test('runs', () => {
    expect(true).toBe(true);
  });

  // Listed in ../allowed-skips.json with its reason.
  test.skip('needs a service this machine lacks', () => {
    expect(true).toBe(false);
  });
});
