import { expect, test } from '@playwright/test';

test.describe('fixture', () => {
  test('adds', () => {
    expect(1 + 1).toBe(2);
  });
});
