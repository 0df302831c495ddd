// Compiles the server into dist/ (esbuild): dist/main.js for `npm start`, dist/cli.js for `plaza`.
// The contract is bundled in (it ships TypeScript); every other dependency stays in node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@plaza/contract');

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli/main.ts' },
  absWorkingDir: import.meta.dirname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
