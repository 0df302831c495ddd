import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = process.env.PLAZA_SERVER_URL ?? 'http://localhost:3000';
const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      // React Router's package exports only point at its development build; ship the production one.
      ...(command === 'build' && !process.env.VITEST
        ? [
            {
              find: /^react-router$/,
              replacement: path.join(packageDir('react-router'), 'dist/production/index.mjs'),
            },
          ]
        : []),
      // The theme provider without the CSS-variables provider (the app's themes never use CSS variables).
      {
        find: /^@mui\/material\/styles\/ThemeProviderNoVars$/,
        replacement: path.join(packageDir('@mui/material'), 'styles/ThemeProviderNoVars.mjs'),
      },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: server, ws: true, changeOrigin: false },
      '/healthz': server,
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
  },
}));
