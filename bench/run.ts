// `npm run bench`: builds the server, then runs every benchmark in turn with the arguments given, and
// exits non-zero when any of them failed or missed its budget.
//
// Arguments: `--only <name>` (repeatable) runs the scenarios whose name (or group, or file) contains
// it; `--duration <s>` and `--repetitions <n>` set each measurement; `--database-url <url>` names the
// generated database (default postgres://postgres@127.0.0.1:5432/plaza_bench, filled by
// `npm run bench:data`); `--smoke` is the CI run (tiny loads, budgets not enforced). Other arguments
// (e.g. `--dist <dir>` of the bundle benches, `--minutes <n>` of the soak) pass through.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions } from './lib/options';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The benches, in order. `scenarios: true` marks files of HTTP scenarios, which take `--only` and pick
 * their own scenarios (before starting any server); the others run when `--only` names their file.
 * `named: true` marks a long bench (the soak's ten minutes) that runs in the smoke run, and otherwise
 * only when `--only` names it (`npm run bench:soak`).
 */
const benches: Array<{ file: string; scenarios?: true; named?: true }> = [
  { file: 'sign-in-route.ts' },
  { file: 'route-bundles.ts' },
  { file: 'lighthouse.ts' },
  { file: 'directory-search.ts' },
  { file: 'http/cold-start.ts', scenarios: true },
  { file: 'http/cheap.ts', scenarios: true },
  { file: 'http/texts.ts', scenarios: true },
  { file: 'http/streams.ts', scenarios: true },
  { file: 'http/search.ts', scenarios: true },
  { file: 'http/pages.ts', scenarios: true },
  { file: 'http/occasions.ts', scenarios: true },
  { file: 'http/jobs.ts', scenarios: true },
  { file: 'http/ratings.ts', scenarios: true },
  { file: 'http/shop.ts', scenarios: true },
  { file: 'http/orders.ts', scenarios: true },
  { file: 'http/registration.ts', scenarios: true },
  { file: 'http/billing.ts', scenarios: true },
  { file: 'http/audit.ts', scenarios: true },
  { file: 'http/groups.ts', scenarios: true },
  { file: 'http/chat.ts', scenarios: true },
  { file: 'http/mixed.ts', scenarios: true },
  { file: 'http/instances.ts', scenarios: true },
  { file: 'http/sockets.ts', scenarios: true },
  { file: 'http/overload.ts', scenarios: true },
  { file: 'http/soak.ts', scenarios: true, named: true },
];

const args = process.argv.slice(2);
const { only, smoke } = benchOptions(args);

// The scenarios run the compiled server, as production does; the build is quick and always fresh. With
// `PLAZA_SERVER_MAIN` they run that build instead (made by the caller, e.g. `SERVER_OUTDIR=dist-x node
// build.mjs` in packages/server), and the shared `packages/server/dist` is left alone.
if (!process.env.PLAZA_SERVER_MAIN) {
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@plaza/server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}
// The dashboard's page (http/streams.ts) and the bundle benches need the web app: built when missing.
if (!existsSync(path.resolve(benchDir, '../packages/web/dist/index.html'))) {
  const web = spawnSync('npm', ['run', 'build', '--workspace', '@plaza/web'], { stdio: 'inherit' });
  if (web.status !== 0) process.exit(1);
}

let failed = 0;
for (const bench of benches) {
  // The smoke run is about the HTTP scenarios (the bundle benches need a web build; they have their own checks).
  if (smoke && !bench.scenarios) continue;
  if (!bench.scenarios && only.length > 0 && !only.some((name) => bench.file.includes(name))) continue;
  if (bench.named && !smoke && !only.some((name) => bench.file.includes(name))) continue;
  console.log(`\n=== ${bench.file} ===`);
  const started = performance.now();
  const status = smoke ? await runHere(bench.file) : runApart(bench.file);
  console.log(`=== ${bench.file}: ${((performance.now() - started) / 1000).toFixed(1)} s ===`);
  if (status !== 0) {
    failed += 1;
    console.log(JSON.stringify({ bench: bench.file, exit: status }));
  }
}
process.exitCode = failed ? 1 : 0;

/** A bench in a process of its own, as measurements want (nothing left from the one before). */
function runApart(file: string): number | string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, file), ...args], {
    stdio: 'inherit',
  });
  return result.status ?? result.signal ?? 1;
}

/**
 * A scenario file in this process (the smoke run, which only proves the scenarios work: a process and
 * its TypeScript loader for each file would be much of its time). The file reads the same arguments
 * and reports through `process.exitCode`.
 */
async function runHere(file: string): Promise<number> {
  process.exitCode = 0;
  try {
    await import(path.join(benchDir, file));
  } catch (error) {
    console.error(error);
    return 1;
  }
  return Number(process.exitCode ?? 0);
}
