#!/usr/bin/env node
// The `plaza` operator command: the compiled CLI (dist/cli.js, made by `npm run build`). In a
// development checkout that has not been built, it runs the TypeScript source through tsx instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const compiled = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const args = process.argv.slice(2);
let command;
if (existsSync(compiled)) {
  command = [compiled, ...args];
} else {
  const require = createRequire(import.meta.url);
  let tsx;
  try {
    tsx = require.resolve('tsx');
  } catch {
    console.error('plaza: the server is not built; run `npm run build` first.');
    process.exit(1);
  }
  command = ['--import', tsx, fileURLToPath(new URL('../src/cli/main.ts', import.meta.url)), ...args];
}
const result = spawnSync(process.execPath, command, { stdio: 'inherit' });
process.exit(result.status ?? 1);
