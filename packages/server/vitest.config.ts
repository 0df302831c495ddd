import { defineConfig } from 'vitest/config';

const apiTests = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const multiInstance = ['src/**/*.redis.test.ts', 'test/**/*.redis.test.ts'];
/** Pure unit tests: they never touch a database, so they run once, not again on PostgreSQL. */
const unitTests = ['src/**/*.unit.test.ts', 'test/**/*.unit.test.ts'];
/** Tests about PostgreSQL itself (e.g. its connections cut): the api-postgres project only. */
const postgresOnly = ['src/**/*.postgres.test.ts', 'test/**/*.postgres.test.ts'];

/**
 * Four projects: the pure unit tests (no database), the API suite on PGlite, the same suite on the machine's
 * PostgreSQL, and the multi-instance tests (PostgreSQL + Redis). scripts/test.mjs decides which services exist.
 * Each test file's database is a copy of a migrated template that test/global-setup.ts makes once per run.
 */
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker, which leaves a core idle while a file waits on
    // PostgreSQL; three files at a time keep both cores busy. Each file has its own database.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        extends: true,
        // PLAZA_TEST_DB=none: test/database.ts refuses a database, so a unit test that needs one fails.
        test: { name: 'unit', include: unitTests, env: { PLAZA_TEST_DB: 'none' } },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: [...multiInstance, ...unitTests, ...postgresOnly],
          env: { PLAZA_TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: apiTests,
          // The process test runs the server on PGlite whatever the suite; once is enough.
          exclude: [...multiInstance, ...unitTests, 'test/**/*.process.test.ts'],
          env: { PLAZA_TEST_DB: 'postgres' },
        },
      },
      {
        extends: true,
        test: { name: 'multi-instance', include: multiInstance, env: { PLAZA_TEST_DB: 'postgres' } },
      },
    ],
  },
});
