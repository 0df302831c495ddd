#!/usr/bin/env node
// Runs every test suite of Plaza and ends with one line "N passed, N failed" summing them all.
// Suites that need PostgreSQL or Redis skip with a clear message when the service is missing,
// except under CI=true, where a missing service counts as a failure.
// How a run is counted (exit status, unhandled errors, files that failed without a failed test, Playwright's
// errors[], skipped tests under CI and scripts/allowed-skips.json) is in scripts/test-counting.mjs; the `gate`
// suite is its self-test on fixture suites.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reachable } from './reachable.mjs';
import {
  countBench,
  countPlaywright,
  countVitest,
  describeAllowedSkips,
  isCi,
  loadAllowedSkips,
  root,
  runPlaywright,
  runTimed,
  runVitest,
} from './test-counting.mjs';

const inCi = isCi();
const only = process.argv.slice(2); // optional suite names: gate contract web server e2e bench
const reports = mkdtempSync(path.join(os.tmpdir(), 'plaza-test-'));
const totals = { passed: 0, failed: 0 };
const notes = [];
let allowed = new Map();
try {
  allowed = loadAllowedSkips();
} catch (error) {
  // A broken allow-list allows nothing, and is itself a failure.
  totals.failed += 1;
  notes.push(`FAILED allow-list: ${error.message}`);
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

/** Adds a suite's counts to the totals, with its notes and its wall time. */
function add(suite, counted, seconds) {
  totals.passed += counted.passed;
  totals.failed += counted.failed;
  notes.push(...counted.notes);
  notes.push(`${suite}: ${counted.passed} passed, ${counted.failed} failed in ${seconds.toFixed(1)} s`);
}

async function vitest(suite, cwd, args = []) {
  console.log(`\n=== ${suite} ===`);
  const run = await runVitest({ suite, cwd, args, reports });
  console.log(`=== ${suite}: ${run.seconds.toFixed(1)} s ===`);
  add(suite, countVitest({ suite, ...run, inCi, allowed }), run.seconds);
}

function wanted(suite) {
  return only.length === 0 || only.includes(suite);
}

// The self-test of this script's counting, on fixture suites (scripts/test-counting.test.mjs).
if (wanted('gate')) await vitest('gate', root, ['--config', 'scripts/vitest.config.mjs']);
if (wanted('contract')) await vitest('contract', path.join(root, 'packages/contract'));
if (wanted('web')) await vitest('web', path.join(root, 'packages/web'));

const pgUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

if (wanted('server')) {
  const hasPostgres = await reachable(pgUrl, 5432);
  const hasRedis = await reachable(redisUrl, 6379);
  const projects = ['unit', 'api-pglite'];
  if (hasPostgres) projects.push('api-postgres');
  else missing('api-postgres', `PostgreSQL is not reachable at ${pgUrl} (set TEST_POSTGRES_URL)`);
  if (hasPostgres && hasRedis) projects.push('multi-instance');
  else missing('multi-instance', `needs PostgreSQL (${pgUrl}) and Redis (${redisUrl}, set TEST_REDIS_URL)`);
  await vitest(
    'server',
    path.join(root, 'packages/server'),
    projects.map((project) => `--project=${project}`),
  );
}

if (wanted('e2e')) {
  const chromium = process.env.PLAZA_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    missing('e2e', `Chromium is not installed at ${chromium} (apt-get install -y chromium)`);
  } else {
    // The e2e server and its CLI run compiled: the server build is quick and always made fresh, so a
    // stale dist/ never meets a newer schema; the web app (with its server renderer) is built only when
    // it is missing.
    console.log('\n=== build server for e2e ===');
    let built =
      (await runTimed('npm', ['run', 'build', '--workspace', '@plaza/server'], { cwd: root })).status === 0;
    const webBuilt = ['index.html', '.ssr/server-render.js'].every((file) =>
      existsSync(path.join(root, 'packages/web/dist', file)),
    );
    if (built && !webBuilt) {
      console.log('\n=== build web app for e2e ===');
      built =
        (await runTimed('npm', ['run', 'build', '--workspace', '@plaza/web'], { cwd: root })).status === 0;
    }
    if (!built) {
      totals.failed += 1;
      notes.push('FAILED e2e: the server or the web app did not build');
    }
    if (built) {
      console.log('\n=== e2e ===');
      const run = await runPlaywright({ suite: 'e2e', cwd: path.join(root, 'packages/e2e'), reports });
      console.log(`=== e2e: ${run.seconds.toFixed(1)} s ===`);
      add('e2e', countPlaywright({ suite: 'e2e', ...run, inCi, allowed }), run.seconds);
    }
  }
}

// The benchmarks at a tiny scale (bench/smoke.ts): every scenario must still run cleanly; budgets are not
// enforced on a shared machine.
if (wanted('bench')) {
  if (!(await reachable(pgUrl, 5432)) || !(await reachable(redisUrl, 6379))) {
    missing('bench', `needs PostgreSQL (${pgUrl}) and Redis (${redisUrl})`);
  } else {
    console.log('\n=== bench (smoke) ===');
    const run = await runTimed(
      process.execPath,
      ['--import', 'tsx', 'bench/smoke.ts', '--database-url', pgUrl, '--redis-url', redisUrl],
      { cwd: root, quiet: true },
    );
    console.log(run.output);
    console.log(`=== bench: ${run.seconds.toFixed(1)} s ===`);
    add('bench', countBench({ suite: 'bench', ...run }), run.seconds);
  }
}

rmSync(reports, { recursive: true, force: true });
console.log('');
for (const line of describeAllowedSkips(allowed)) console.log(line);
for (const note of notes) console.log(note);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
