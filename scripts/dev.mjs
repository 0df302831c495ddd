#!/usr/bin/env node
// Development: the API server (restarting on change) on PORT (3000) and Vite with hot reload on 5173,
// which proxies /api and the WebSocket to the server. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite'], {
    cwd: path.join(root, 'packages/web'),
    stdio: 'inherit',
    env: { ...process.env, PLAZA_SERVER_URL: `http://localhost:${port}` },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
