import { expect, test } from '@playwright/test';

test.describe('fixture', () => {
  test('subtracts wrongly', () => {
    expect(2 - 1).toBe(3);
  });
});
