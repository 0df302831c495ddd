import { defineConfig } from 'vitest/config';

const apiTests = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const multiInstance = ['src/**/*.redis.test.ts', 'test/**/*.redis.test.ts'];

/**
 * Three projects: the API suite on PGlite, the same suite on the machine's PostgreSQL,
 * and the multi-instance tests (PostgreSQL + Redis). scripts/test.mjs decides which services exist.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: multiInstance,
          env: { PLAZA_TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: apiTests,
          // The process test runs the server on PGlite whatever the suite; once is enough.
          exclude: [...multiInstance, 'test/**/*.process.test.ts', 'src/**/lock.test.ts'],
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
