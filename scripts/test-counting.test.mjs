// The gate's self-test: the real runners on fixture suites (scripts/test-fixtures) that pass or break in one way
// each, counted by the code scripts/test.mjs uses. Each break must come out as a failure.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  allowedSkipsFile,
  countBench,
  countPlaywright,
  countVitest,
  describeAllowedSkips,
  loadAllowedSkips,
  root,
  runPlaywright,
  runVitest,
} from './test-counting.mjs';

const fixtures = path.join(root, 'scripts', 'test-fixtures');
const allowed = loadAllowedSkips(path.join(fixtures, 'allowed-skips.json'));
const reports = mkdtempSync(path.join(os.tmpdir(), 'plaza-gate-'));

afterAll(() => {
  rmSync(reports, { recursive: true, force: true });
});

/** Runs Vitest on one fixture file, as scripts/test.mjs runs a suite. */
function vitestFixture(file) {
  return runVitest({
    suite: 'fixture-vitest',
    cwd: path.join(fixtures, 'vitest'),
    args: ['--config', 'vitest.config.mjs', file],
    reports: mkdtempSync(path.join(reports, 'vitest-')),
    quiet: true,
  });
}

/** Runs Playwright on fixture files with a fixture config, as scripts/test.mjs runs the e2e suite. */
function playwrightFixture(config, ...files) {
  const runDir = mkdtempSync(path.join(reports, 'playwright-'));
  return runPlaywright({
    suite: 'fixture-playwright',
    cwd: path.join(fixtures, 'playwright'),
    args: ['--config', config, ...files],
    env: { PLAZA_FIXTURE_OUTPUT_DIR: path.join(runDir, 'results') },
    reports: runDir,
    quiet: true,
  });
}

// Each test starts its own runner; they run side by side.
describe.concurrent('Vitest suites', () => {
  it('a passing file counts its tests as passed and nothing as failed', async () => {
    const run = await vitestFixture('passing.fixture.mjs');
    expect(run.status, run.output).toBe(0);
    const counted = countVitest({ suite: 'fixture-vitest', ...run, inCi: true, allowed });
    expect(counted).toMatchObject({ passed: 2, failed: 0 });
    expect(run.seconds).toBeGreaterThan(0);
  });

  it('a failing test is a failure, named in the notes with the first line of its error', async () => {
    const run = await vitestFixture('failing.fixture.mjs');
    expect(run.status).not.toBe(0);
    const counted = countVitest({ suite: 'fixture-vitest', ...run, inCi: true, allowed });
    expect(counted).toMatchObject({ passed: 1, failed: 1 });
    expect(counted.notes).toEqual([
      'FAILED fixture-vitest: scripts/test-fixtures/vitest/failing.fixture.mjs > fixture > subtracts wrongly: AssertionError: expected 1 to be 3 // Object.is equality',
    ]);
  });

  it('a file whose beforeAll throws is a failure although its report counts no failed test', async () => {
    const run = await vitestFixture('before-all-throws.fixture.mjs');
    // The hole: Vitest skips the file's tests and counts none as failed.
    expect(run.report.numFailedTests).toBe(0);
    expect(run.report.testResults[0].assertionResults.map((test) => test.status)).toEqual([
      'skipped',
      'skipped',
    ]);
    const counted = countVitest({ suite: 'fixture-vitest', ...run, inCi: true, allowed });
    // One failure for the file; its skipped tests are not counted again as skips.
    expect(counted).toMatchObject({ passed: 0, failed: 1 });
    expect(counted.notes.join('\n')).toContain('before-all-throws.fixture.mjs failed without a failed test');
  });

  it('a file that throws while loading is a failure', async () => {
    const run = await vitestFixture('load-error.fixture.mjs');
    expect(run.report.numFailedTests).toBe(0);
    const counted = countVitest({ suite: 'fixture-vitest', ...run, allowed });
    expect(counted).toMatchObject({ passed: 0, failed: 1 });
    expect(counted.notes.join('\n')).toContain('fixture: this file cannot load');
  });

  it('an unhandled rejection is a failure although the report says success', async () => {
    const run = await vitestFixture('unhandled-rejection.fixture.mjs');
    // The hole: exit status 1, yet the JSON report has success: true and one passed test.
    expect(run.status).toBe(1);
    expect(run.report).toMatchObject({ success: true, numFailedTests: 0, numPassedTests: 1 });
    const counted = countVitest({ suite: 'fixture-vitest', ...run, allowed });
    expect(counted).toMatchObject({ passed: 1, failed: 1 });
    expect(counted.notes.join('\n')).toContain('unhandled error: fixture: nobody handles this rejection');
    // Without the unhandled-error record the exit status alone still makes it a failure.
    const byStatus = countVitest({ suite: 'fixture-vitest', ...run, unhandled: null, allowed });
    expect(byStatus).toMatchObject({ passed: 1, failed: 1 });
    expect(byStatus.notes.join('\n')).toContain('exited with status 1');
  });

  it('skipped and todo tests are failures under CI and reported outside it', async () => {
    const run = await vitestFixture('skipped.fixture.mjs');
    expect(run.status, run.output).toBe(0);
    const inCi = countVitest({ suite: 'fixture-vitest', ...run, inCi: true, allowed });
    expect(inCi).toMatchObject({ passed: 1, failed: 2 });
    const notes = inCi.notes.join('\n');
    expect(notes).toContain(
      'FAILED fixture-vitest: skipped under CI=true and not in the allow-list: scripts/test-fixtures/vitest/skipped.fixture.mjs > fixture > is skipped',
    );
    expect(notes).toContain('todo under CI=true and not in the allow-list');
    const local = countVitest({ suite: 'fixture-vitest', ...run, inCi: false, allowed });
    expect(local).toMatchObject({ passed: 1, failed: 0 });
    expect(local.notes).toHaveLength(2);
    expect(local.notes.join('\n')).toContain('skipped.fixture.mjs > fixture > is still to do');
  });

  it('a skipped test listed in the allow-list passes under CI and shows its reason', async () => {
    const run = await vitestFixture('allowed-skip.fixture.mjs');
    expect(run.status, run.output).toBe(0);
    const counted = countVitest({ suite: 'fixture-vitest', ...run, inCi: true, allowed });
    expect(counted).toMatchObject({ passed: 1, failed: 0 });
    expect(counted.notes.join('\n')).toContain('skipped (allowed: fixture: an allowed skip)');
    // The same skip in another suite is not allowed: the key is suite and full name.
    const elsewhere = countVitest({ suite: 'server', ...run, inCi: true, allowed });
    expect(elsewhere.failed).toBe(1);
  });

  it('a run that finds no test file is a failure: its empty report counts nothing, its exit status does', async () => {
    const run = await vitestFixture('no-such-file.fixture.mjs');
    expect(run.status).toBe(1);
    expect(run.report).toMatchObject({ numTotalTests: 0, numFailedTests: 0, testResults: [] });
    const counted = countVitest({ suite: 'fixture-vitest', ...run });
    expect(counted).toMatchObject({ passed: 0, failed: 1 });
    expect(counted.notes.join('\n')).toContain('exited with status 1');
    // With no report at all (Vitest crashed before writing it) the run is a failure too.
    expect(countVitest({ suite: 'fixture-vitest', ...run, report: null })).toMatchObject({
      passed: 0,
      failed: 1,
    });
  });
});

describe.concurrent('Playwright suites', () => {
  it('a web server that exits at once is a failure although the stats are 0/0/0', async () => {
    const run = await playwrightFixture('web-server-fails.config.mjs', 'passing.fixture.mjs');
    // The hole: no test ran, nothing is unexpected, the failure sits only in errors[].
    expect(run.report.stats).toMatchObject({ expected: 0, unexpected: 0, flaky: 0, skipped: 0 });
    expect(run.report.errors.length).toBeGreaterThan(0);
    const counted = countPlaywright({ suite: 'fixture-playwright', ...run, inCi: true, allowed });
    expect(counted.passed).toBe(0);
    expect(counted.failed).toBe(run.report.errors.length);
    expect(counted.notes.join('\n')).toContain('webServer was not able to start');
    // Without errors[] the exit status alone still makes it a failure.
    const byStatus = countPlaywright({
      suite: 'fixture-playwright',
      ...run,
      report: { ...run.report, errors: [] },
    });
    expect(run.status).not.toBe(0);
    expect(byStatus).toMatchObject({ passed: 0, failed: 1 });
  });

  it('a passing spec counts as passed', async () => {
    const run = await playwrightFixture('playwright.config.mjs', 'passing.fixture.mjs');
    expect(run.status, run.output).toBe(0);
    const counted = countPlaywright({ suite: 'fixture-playwright', ...run, inCi: true, allowed });
    expect(counted).toMatchObject({ passed: 1, failed: 0 });
  });

  it('a failing test is a failure, named in the notes with the first line of its error', async () => {
    const run = await playwrightFixture('playwright.config.mjs', 'failing.fixture.mjs');
    expect(run.status).not.toBe(0);
    const counted = countPlaywright({ suite: 'fixture-playwright', ...run, inCi: true, allowed });
    expect(counted).toMatchObject({ passed: 0, failed: 1 });
    expect(counted.notes).toHaveLength(1);
    expect(counted.notes[0]).toMatch(
      /^FAILED fixture-playwright: scripts\/test-fixtures\/playwright\/failing\.fixture\.mjs > fixture > subtracts wrongly: Error: expect\(received\)\.toBe\(expected\)/,
    );
  });

  it('skipped and fixme tests are failures under CI and reported outside it', async () => {
    const run = await playwrightFixture('playwright.config.mjs', 'skipped.fixture.mjs');
    expect(run.status, run.output).toBe(0);
    const inCi = countPlaywright({ suite: 'fixture-playwright', ...run, inCi: true, allowed });
    expect(inCi).toMatchObject({ passed: 1, failed: 2 });
    expect(inCi.notes.join('\n')).toContain(
      'FAILED fixture-playwright: skipped under CI=true and not in the allow-list: scripts/test-fixtures/playwright/skipped.fixture.mjs > fixture > is to be fixed',
    );
    const local = countPlaywright({ suite: 'fixture-playwright', ...run, inCi: false, allowed });
    expect(local).toMatchObject({ passed: 1, failed: 0 });
    expect(local.notes).toHaveLength(2);
  });

  it('a skipped test listed in the allow-list passes under CI and shows its reason', async () => {
    const run = await playwrightFixture('playwright.config.mjs', 'allowed-skip.fixture.mjs');
    expect(run.status, run.output).toBe(0);
    const counted = countPlaywright({ suite: 'fixture-playwright', ...run, inCi: true, allowed });
    expect(counted).toMatchObject({ passed: 1, failed: 0 });
    expect(counted.notes.join('\n')).toContain('skipped (allowed: fixture: an allowed skip)');
  });
});

describe('the allow-list', () => {
  it('rejects an entry without a reason', () => {
    const file = path.join(reports, 'no-reason.json');
    writeFileSync(file, JSON.stringify({ skips: [{ suite: 'web', test: 'x > y', reason: ' ' }] }));
    expect(() => loadAllowedSkips(file)).toThrow(/non-empty "reason"/);
  });

  it('the real allow-list loads and is printed entry by entry with its reason', () => {
    const real = loadAllowedSkips(allowedSkipsFile);
    const lines = describeAllowedSkips(real, allowedSkipsFile);
    expect(lines[0]).toContain('scripts/allowed-skips.json');
    for (const { suite, test, reason } of real.values()) {
      expect(lines).toContain(`  ${suite}: ${test} (${reason})`);
    }
    const fixtureLines = describeAllowedSkips(allowed, path.join(fixtures, 'allowed-skips.json'));
    expect(fixtureLines).toHaveLength(3);
    expect(fixtureLines[1]).toContain('(fixture: an allowed skip)');
  });
});

describe('the benchmark smoke run', () => {
  const line = (scenario, failures) => JSON.stringify({ scenario, failures, budget: 'not enforced' });

  it('counts one test per scenario line: passed without errors, failed with them', () => {
    const output = ['=== http/cheap.ts ===', line('settings', 0), line('healthz', 3), 'healthz: ...'].join(
      '\n',
    );
    const counted = countBench({ suite: 'bench', status: 1, output });
    expect(counted).toMatchObject({ passed: 1, failed: 1 });
    expect(counted.notes).toEqual([
      'FAILED bench: healthz: 3 errors, non-2xx answers or runs without an answer',
    ]);
  });

  it('a run without any scenario line is a failure', () => {
    expect(countBench({ suite: 'bench', status: 1, output: 'generator failed' })).toMatchObject({
      passed: 0,
      failed: 1,
    });
  });

  it('a non-zero exit although every scenario passed is one failure more (a bench file crashed)', () => {
    const counted = countBench({ suite: 'bench', status: 1, output: line('settings', 0) });
    expect(counted).toMatchObject({ passed: 1, failed: 1 });
  });
});
