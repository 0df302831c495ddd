import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeJsGzipBytes } from './bundle-size';

/** Budget of the sign-in route's first load: every JavaScript file it needs, gzip. */
const budgetBytes = 170 * 1024;

/**
 * The modules of the route tree `/de_DE/login` matches, as manifest keys (paths relative to packages/web):
 * the language layout, the anonymous guard and the sign-in page. A module only has a key of its own when
 * it is lazy (a dynamic entry); otherwise it is part of the entry's static imports, which are counted anyway.
 */
const routeSources = ['src/app/language-layout.tsx', 'src/app/guard-route.tsx'];
const pageSource = 'src/features/auth/login-page.tsx';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web');
// `--dist <dir>` measures another build (e.g. `vite build --outDir /tmp/x`), leaving packages/web/dist alone.
const distArg = process.argv.indexOf('--dist');
const distDir =
  distArg > 0 && process.argv[distArg + 1]
    ? path.resolve(process.argv[distArg + 1]!)
    : path.join(webDir, 'dist');
const manifestFile = path.join(distDir, '.vite/manifest.json');

if (!existsSync(manifestFile)) {
  console.error(
    `No build in ${path.relative(process.cwd(), distDir) || distDir} (missing .vite/manifest.json): run \`npm run build\` first.`,
  );
  process.exit(2);
}

const manifest: Record<string, { isDynamicEntry?: boolean }> = JSON.parse(readFileSync(manifestFile, 'utf8'));
if (!manifest[pageSource]?.isDynamicEntry) {
  console.error(`${pageSource} is not a lazy chunk in the Vite manifest: is the build current?`);
  process.exit(2);
}
const lazySources = [...routeSources.filter((source) => manifest[source]), pageSource];

const { bytes, files } = routeJsGzipBytes(distDir, lazySources);
const kb = (n: number) => (n / 1024).toFixed(1);
const over = bytes > budgetBytes;
if (process.argv.includes('--verbose')) {
  for (const file of files.sort()) console.log(`  ${file}`);
}
console.log(
  `sign-in route first load: ${kb(bytes)} KB gzip (budget ${kb(budgetBytes).replace(/\.0$/, '')} KB) ${over ? 'OVER' : 'OK'}`,
);
if (over) process.exitCode = 1;
