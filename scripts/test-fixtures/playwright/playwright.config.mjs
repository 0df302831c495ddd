// Playwright config of the gate's fixture suites (see ../README.md); only scripts/test-counting.test.mjs runs
// it. The tests use no browser.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: path.dirname(fileURLToPath(import.meta.url)),
  testMatch: '*.fixture.mjs',
  // Each run of the self-test gives its own folder: Playwright empties it at the start of a run.
  outputDir: process.env.PLAZA_FIXTURE_OUTPUT_DIR ?? path.join(os.tmpdir(), 'plaza-gate-fixture-results'),
  workers: 1,
  retries: 0,
  timeout: 10_000,
});
