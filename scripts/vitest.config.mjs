// Vitest config of the `gate` suite (scripts/test.mjs): the self-test of the test script's counting. It runs
// from the repository root with the Vitest the workspaces install; the fixture suites it starts have their own
// configs under test-fixtures/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: path.dirname(fileURLToPath(import.meta.url)),
    include: ['*.test.mjs'],
    // Each test starts a real runner on a fixture suite; on a busy 2-core machine that takes seconds.
    testTimeout: 180_000,
  },
});
