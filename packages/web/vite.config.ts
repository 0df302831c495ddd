import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = process.env.PLAZA_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
});
