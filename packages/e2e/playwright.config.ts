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
  expect: { timeout: 10_000 },
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
