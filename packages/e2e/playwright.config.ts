import { defineConfig } from '@playwright/test';
import { baseURL } from './fixtures/members';

/** Debian's Chromium, never a downloaded browser; flags that keep it off the closed network. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // One server, one database: tests that change settings run one after another.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Compared screenshots (fixtures/screenshots.ts): a pixel counts as different beyond the default
    // colour distance (0.2); a page may differ in at most 0.1 % of its pixels. Anti-aliasing noise
    // stays under that; a moved or resized element or a larger heading does not (screens.spec.ts).
    toHaveScreenshot: { threshold: 0.2, maxDiffPixelRatio: 0.001, animations: 'disabled', caret: 'hide' },
  },
  // One set of baselines: these tests only run in Debian's Chromium on Linux.
  snapshotPathTemplate: '{testDir}/{testFileName}-snapshots/{arg}{ext}',
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.PLAZA_CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    // Signs in the members of `savedMembers` once and saves their sessions (tests/sign-in-state.setup.ts).
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    { name: 'chromium', testMatch: /\.spec\.ts$/, dependencies: ['setup'] },
  ],
  webServer: {
    command: 'node --import tsx start-server.ts',
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
