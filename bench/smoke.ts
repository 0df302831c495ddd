// The CI smoke run of the benchmarks (scripts/test.mjs, suite `bench`): a throwaway database filled at
// a tiny scale, every HTTP scenario with `--smoke` (short, light loads; budgets reported, not
// enforced), then the database dropped. It proves the generator and every scenario still work; the
// test script counts one test per scenario line, passed when it ran without errors, non-2xx answers
// or load runs without a single answer.
// Arguments: `--database-url <url of the server's postgres database>` `--redis-url <url>`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const target = new URL(values['database-url']);
target.pathname = `/plaza_bench_smoke_${process.pid}`;
const databaseUrl = target.toString();

const run = (file: string, args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, file), ...args], { stdio: 'inherit' })
    .status;

let status = run('data/generate.ts', ['--scale', '0.002', '--database-url', databaseUrl]);
try {
  if (status === 0) {
    status = run('run.ts', ['--smoke', '--database-url', databaseUrl, '--redis-url', values['redis-url']]);
  }
} finally {
  const maintenance = new pg.Client({ connectionString: values['database-url'] });
  await maintenance.connect();
  await maintenance.query(`drop database if exists "${target.pathname.slice(1)}" with (force)`);
  await maintenance.end();
}
process.exitCode = status ?? 1;
