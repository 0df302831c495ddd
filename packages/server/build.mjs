// Compiles the server into dist/ (esbuild): dist/main.js for `npm start`, dist/cli.js for `plaza`.
// Dependencies are bundled in, so a start reads two files instead of resolving and loading some
// thousand modules (most of a cold start); those that load files of their own package at run time
// stay in node_modules: native code and WebAssembly (sharp, PGlite), the Swagger UI's static files,
// pino's worker-thread transports (pulled in by fastify), and pdfkit's font metrics (the invoices).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const loadsOwnFiles = [
  'sharp',
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  'pino',
  'thread-stream',
  'pdfkit',
];
// Tracing's packages load only when OTEL_EXPORTER_OTLP_ENDPOINT is set (platform/tracing.ts): outside
// the bundle, a server without tracing neither parses nor carries them.
const loadedWhenTracing = ['@fastify/otel', '@opentelemetry/*'];
const external = [...loadsOwnFiles, ...loadedWhenTracing, ...Object.keys(pkg.optionalDependencies ?? {})];

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli/main.ts' },
  absWorkingDir: import.meta.dirname,
  // SERVER_OUTDIR: a second build beside dist/ (several builds of one checkout, e.g. parallel e2e runs).
  outdir: process.env.SERVER_OUTDIR ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // Bundled CommonJS packages call require() for Node's built-ins; ESM output needs one to exist.
  banner: {
    js: "import { createRequire as plazaRequire } from 'node:module'; const require = plazaRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
});
