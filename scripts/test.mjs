#!/usr/bin/env node
// Runs every test suite of Plaza and ends with one line "N passed, N failed" summing them all.
// Suites that need PostgreSQL or Redis skip with a clear message when the service is missing,
// except under CI=true, where a missing service counts as a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const only = process.argv.slice(2); // optional suite names: contract web server e2e
const reports = mkdtempSync(path.join(os.tmpdir(), 'plaza-test-'));
const totals = { passed: 0, failed: 0 };
const notes = [];

function reachable(url, fallbackPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || fallbackPort) });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A service a suite needs is missing: a visible skip locally, a failure in CI. */
function missing(suite, why) {
  if (inCi) {
    totals.failed += 1;
    notes.push(`FAILED ${suite}: ${why} (CI=true: a missing service is a failure)`);
  } else {
    notes.push(`SKIPPED ${suite}: ${why}`);
  }
}

function run(name, command, args, cwd, env = {}) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Counts from a Vitest JSON report; a crash without a report counts as one failure. */
function countVitest(name, status, file) {
  if (!existsSync(file)) {
    totals.failed += 1;
    notes.push(`FAILED ${name}: no report (exit ${status})`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  // A file that fails to load has no failed tests of its own; count it.
  const brokenFiles = report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  );
  totals.failed += report.numFailedTests + brokenFiles.length;
  notes.push(
    `${name}: ${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles.length} failed`,
  );
}

function vitest(name, workspace, extraArgs = [], env = {}) {
  const file = path.join(reports, `${name}.json`);
  const status = run(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...extraArgs],
    path.join(root, 'packages', workspace),
    env,
  );
  countVitest(name, status, file);
}

function wanted(suite) {
  return only.length === 0 || only.includes(suite);
}

if (wanted('contract')) vitest('contract', 'contract');
if (wanted('web')) vitest('web', 'web');

if (wanted('server')) {
  const pgUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const hasPostgres = await reachable(pgUrl, 5432);
  const hasRedis = await reachable(redisUrl, 6379);
  const projects = ['api-pglite'];
  if (hasPostgres) projects.push('api-postgres');
  else missing('api-postgres', `PostgreSQL is not reachable at ${pgUrl} (set TEST_POSTGRES_URL)`);
  if (hasPostgres && hasRedis) projects.push('multi-instance');
  else missing('multi-instance', `needs PostgreSQL (${pgUrl}) and Redis (${redisUrl}, set TEST_REDIS_URL)`);
  vitest(
    'server',
    'server',
    projects.map((project) => `--project=${project}`),
  );
}

if (wanted('e2e')) {
  const chromium = process.env.PLAZA_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    missing('e2e', `Chromium is not installed at ${chromium} (apt-get install -y chromium)`);
  } else if (
    !existsSync(path.join(root, 'packages/web/dist/index.html')) &&
    run('build web app for e2e', 'npm', ['run', 'build', '--workspace', '@plaza/web'], root) !== 0
  ) {
    totals.failed += 1;
    notes.push('FAILED e2e: the web app did not build');
  } else {
    const file = path.join(reports, 'e2e.json');
    const status = run('e2e', 'npx', ['playwright', 'test'], path.join(root, 'packages/e2e'), {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    });
    if (!existsSync(file)) {
      totals.failed += 1;
      notes.push(`FAILED e2e: no report (exit ${status})`);
    } else {
      const { stats } = JSON.parse(readFileSync(file, 'utf8'));
      const failed = stats.unexpected + stats.flaky;
      totals.passed += stats.expected;
      totals.failed += failed;
      if (stats.skipped) notes.push(`e2e: ${stats.skipped} skipped`);
      notes.push(`e2e: ${stats.expected} passed, ${failed} failed`);
    }
  }
}

rmSync(reports, { recursive: true, force: true });
console.log('');
for (const note of notes) console.log(note);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
