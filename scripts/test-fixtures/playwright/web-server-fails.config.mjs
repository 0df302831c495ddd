// The fixture suite with a web server whose command exits at once, as when Plaza's e2e server cannot start:
// Playwright runs no test, reports 0/0/0 and puts the failure only in the report's top-level errors[].
import { defineConfig } from '@playwright/test';
import base from './playwright.config.mjs';

export default defineConfig({
  ...base,
  webServer: {
    command: 'node -e "process.exit(3)"',
    url: 'http://127.0.0.1:9/healthz',
    timeout: 20_000,
    reuseExistingServer: false,
  },
});
