import { expect, test } from '@playwright/test';

test.describe('fixture', () => {
  test('runs', () => {
    expect(true).toBe(true);
  });

  test.skip('is skipped', () => {
    expect(true).toBe(false);
  });

  test.fixme('is to be fixed', () => {
    expect(true).toBe(false);
  });
});
