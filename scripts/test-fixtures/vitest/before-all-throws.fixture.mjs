import { beforeAll, describe, expect, it } from 'vitest';

// As when a server test file's database cannot be created: Vitest marks the file failed and skips its tests,
// so the report counts no failed test.
describe('fixture', () => {
  beforeAll(() => {
    throw new Error('fixture: the test database could not be created');
  });

  it('would use the database', () => {
    expect(true).toBe(true);
  });

  it('would use it again', () => {
    expect(true).toBe(true);
  });
});
