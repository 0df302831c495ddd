// Vitest config of the gate's fixture suites (see ../README.md); only scripts/test-counting.test.mjs runs it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: path.dirname(fileURLToPath(import.meta.url)),
    include: ['*.fixture.mjs'],
    testTimeout: 10_000,
  },
});
