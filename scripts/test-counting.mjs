// How scripts/test.mjs runs a suite and counts its result. Kept apart from test.mjs so that the gate's
// self-test (scripts/test-counting.test.mjs) runs this very code against fixture suites.
//
// The rules, each a hole the old script had:
// - a runner's non-zero exit status is at least one failure, even when its report counts none (Vitest exits 1
//   on an unhandled error or rejection and still writes `success: true`);
// - Vitest's unhandled errors (read by scripts/vitest-unhandled-reporter.mjs) are failures, one each;
// - a Vitest file that failed without a failed test (a `beforeAll` threw, the file did not load) is a failure;
// - Playwright's top-level `errors[]` (e.g. the web server did not start: 0/0/0 stats) are failures, one each;
// - under CI every skipped or todo test is a failure unless scripts/allowed-skips.json lists it with a reason;
//   outside CI each skipped test is printed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const allowedSkipsFile = path.join(root, 'scripts', 'allowed-skips.json');
const unhandledReporter = path.join(root, 'scripts', 'vitest-unhandled-reporter.mjs');

/** True when CI is set the way CI systems set it. */
export function isCi(env = process.env) {
  return env.CI === 'true' || env.CI === '1';
}

/** The allow-list key of a test: its suite and its full name. */
function skipKey(suite, test) {
  return `${suite}\u0000${test}`;
}

/**
 * Reads the allow-list of skipped tests: `{ "skips": [{ "suite", "test", "reason" }] }`, where `test` is the
 * full name the script prints for a skipped test. An entry without a reason is an error, not an allowance.
 */
export function loadAllowedSkips(file = allowedSkipsFile) {
  const allowed = new Map();
  if (!existsSync(file)) return allowed;
  const { skips } = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(skips)) throw new Error(`${file}: "skips" must be a list`);
  for (const entry of skips) {
    const { suite, test, reason } = entry ?? {};
    if (
      typeof suite !== 'string' ||
      typeof test !== 'string' ||
      typeof reason !== 'string' ||
      !reason.trim()
    ) {
      throw new Error(
        `${file}: every entry needs "suite", "test" and a non-empty "reason": ${JSON.stringify(entry)}`,
      );
    }
    allowed.set(skipKey(suite, test), { suite, test, reason });
  }
  return allowed;
}

/** Lines that show the allow-list, printed by the script so that every allowed skip is visible. */
export function describeAllowedSkips(allowed, file = allowedSkipsFile) {
  const where = path.relative(root, file);
  if (allowed.size === 0) return [`Allowed skips (${where}): none`];
  return [
    `Allowed skips (${where}):`,
    ...[...allowed.values()].map(({ suite, test, reason }) => `  ${suite}: ${test} (${reason})`),
  ];
}

/**
 * Counts skipped and todo tests: each one the allow-list does not name is a failure under CI. Returns the
 * failures and the lines that report every skip.
 */
function countSkips(suite, skipped, { inCi, allowed }) {
  let failed = 0;
  const notes = [];
  for (const { name, status } of skipped) {
    const allowance = allowed.get(skipKey(suite, name));
    if (allowance) {
      notes.push(`${suite}: ${status} (allowed: ${allowance.reason}): ${name}`);
    } else if (inCi) {
      failed += 1;
      notes.push(`FAILED ${suite}: ${status} under CI=true and not in the allow-list: ${name}`);
    } else {
      notes.push(`${suite}: ${status} (a failure under CI=true unless allowed): ${name}`);
    }
  }
  return { failed, notes };
}

/** The first line of an error message without its terminal colours, or a placeholder when there is none. */
function firstLine(message) {
  if (!message) return '(no error message)';
  return stripVTControlCharacters(String(message)).split('\n')[0].slice(0, 300);
}

function relativeToRoot(file) {
  return path.relative(root, file).split(path.sep).join('/');
}

/**
 * Counts a Vitest run from its exit status, its JSON report (`null` when none was written) and the unhandled
 * errors that scripts/vitest-unhandled-reporter.mjs recorded (`null` when none were recorded).
 */
export function countVitest({ suite, status, report, unhandled = null, inCi = false, allowed = new Map() }) {
  if (!report) {
    return { passed: 0, failed: 1, notes: [`FAILED ${suite}: no report (exit ${status})`] };
  }
  const notes = [];
  let failed = report.numFailedTests;
  // Each failed test by name with its error's first line: the end of a CI log is often all there is to read.
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== 'failed') continue;
      const name = [relativeToRoot(file.name), ...test.ancestorTitles, test.title].join(' > ');
      notes.push(`FAILED ${suite}: ${name}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  // A file that failed without a failed test of its own: it did not load, or a hook such as beforeAll threw
  // and its tests were skipped. Each is one failure; its skipped tests are not counted again.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  );
  for (const file of brokenFiles) {
    failed += 1;
    const why = file.message ? `: ${file.message.split('\n')[0]}` : '';
    notes.push(`FAILED ${suite}: ${relativeToRoot(file.name)} failed without a failed test${why}`);
  }
  const unhandledErrors = unhandled?.unhandledErrors ?? [];
  for (const error of unhandledErrors) {
    failed += 1;
    notes.push(`FAILED ${suite}: unhandled error: ${String(error.message ?? error).split('\n')[0]}`);
  }
  const skipped = [];
  for (const file of report.testResults) {
    if (brokenFiles.includes(file)) continue;
    for (const test of file.assertionResults) {
      if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') {
        const name = [relativeToRoot(file.name), ...test.ancestorTitles, test.title].join(' > ');
        skipped.push({ name, status: test.status === 'todo' ? 'todo' : 'skipped' });
      }
    }
  }
  const skips = countSkips(suite, skipped, { inCi, allowed });
  failed += skips.failed;
  notes.push(...skips.notes);
  if (status !== 0 && failed === 0) {
    failed = 1;
    notes.push(`FAILED ${suite}: Vitest exited with status ${status} although its report counts no failure`);
  }
  return { passed: report.numPassedTests, failed, notes };
}

/** Every test of a Playwright JSON report with its full name: `[project] file > describe > title`. */
function playwrightTests(report) {
  const testDir = report.config?.rootDir ?? root;
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const file = relativeToRoot(path.resolve(testDir, spec.file));
      for (const test of spec.tests) {
        const name = [file, ...titles, spec.title].join(' > ');
        tests.push({ name: test.projectName ? `[${test.projectName}] ${name}` : name, test });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top-level suites are the files; their title is the file name, which the name already starts with.
  for (const fileSuite of report.suites ?? []) walk(fileSuite, []);
  return tests;
}

/** Counts a Playwright run from its exit status and its JSON report (`null` when none was written). */
export function countPlaywright({ suite, status, report, inCi = false, allowed = new Map() }) {
  if (!report) {
    return { passed: 0, failed: 1, notes: [`FAILED ${suite}: no report (exit ${status})`] };
  }
  const { stats } = report;
  const notes = [];
  let failed = stats.unexpected + stats.flaky;
  const tests = playwrightTests(report);
  for (const { name, test } of tests) {
    if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
    const error = test.results.find((result) => result.error)?.error;
    notes.push(
      `FAILED ${suite}: ${name}${test.status === 'flaky' ? ' (flaky)' : ''}: ${firstLine(error?.message)}`,
    );
  }
  for (const error of report.errors ?? []) {
    failed += 1;
    notes.push(`FAILED ${suite}: ${String(error.message ?? error).split('\n')[0]}`);
  }
  const skipped = tests
    .filter(({ test }) => test.status === 'skipped')
    .map(({ name }) => ({ name, status: 'skipped' }));
  const skips = countSkips(suite, skipped, { inCi, allowed });
  failed += skips.failed;
  notes.push(...skips.notes);
  if (status !== 0 && failed === 0) {
    failed = 1;
    notes.push(
      `FAILED ${suite}: Playwright exited with status ${status} although its report counts no failure`,
    );
  }
  return { passed: stats.expected, failed, notes };
}

/**
 * Counts the benchmark smoke run (bench/smoke.ts) from its exit status and output: one test per scenario line
 * (`{"scenario": ...}`), passed when it had no errors and no non-2xx answers. A run without any scenario line,
 * or one that exited non-zero although every scenario passed (a bench file or the generator failed), is one
 * failure more.
 */
export function countBench({ suite, status, output }) {
  const notes = [];
  let passed = 0;
  let failed = 0;
  for (const line of output.split('\n')) {
    if (!line.startsWith('{"scenario":')) continue;
    const { scenario, failures } = JSON.parse(line);
    if (failures === 0) {
      passed += 1;
    } else {
      failed += 1;
      notes.push(
        `FAILED ${suite}: ${scenario}: ${failures} errors, non-2xx answers or runs without an answer`,
      );
    }
  }
  if (passed + failed === 0) {
    failed += 1;
    notes.push(`FAILED ${suite}: no scenario ran (exit ${status})`);
  } else if (status !== 0 && failed === 0) {
    failed += 1;
    notes.push(`FAILED ${suite}: exited with status ${status} although every scenario passed`);
  }
  return { passed, failed, notes };
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Runs a command and times it; resolves with its exit status (1 when it could not start or was killed), its
 * wall time in seconds, and its output when `quiet` (otherwise the output is shown as it comes).
 */
export function runTimed(command, args, { cwd, env = {}, quiet = false }) {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const done = (status) =>
      resolve({ status, seconds: Number(process.hrtime.bigint() - started) / 1e9, output });
    child.once('error', (error) => {
      output += String(error);
      done(1);
    });
    child.once('close', (code) => done(code ?? 1));
  });
}

/**
 * Runs `vitest run` in `cwd` with the JSON report and the unhandled-error record written into `reports`.
 * Returns the exit status, the wall time, the report and the unhandled errors (each `null` when missing).
 */
export async function runVitest({ suite, cwd, args = [], env = {}, reports, quiet = false }) {
  const reportFile = path.join(reports, `${suite}.json`);
  const unhandledFile = path.join(reports, `${suite}.unhandled.json`);
  const run = await runTimed(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--reporter=${unhandledReporter}`,
      `--outputFile.json=${reportFile}`,
      ...args,
    ],
    { cwd, env: { ...env, PLAZA_VITEST_UNHANDLED_REPORT: unhandledFile }, quiet },
  );
  return { ...run, report: readJson(reportFile), unhandled: readJson(unhandledFile) };
}

/** Runs `playwright test` in `cwd` with the JSON report written into `reports`. */
export async function runPlaywright({ suite, cwd, args = [], env = {}, reports, quiet = false }) {
  const reportFile = path.join(reports, `${suite}.json`);
  const run = await runTimed('npx', ['playwright', 'test', '--reporter=list,json', ...args], {
    cwd,
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
    quiet,
  });
  return { ...run, report: readJson(reportFile) };
}
