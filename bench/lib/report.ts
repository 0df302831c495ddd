import type { Figures } from './load';
import type { BenchOptions } from './options';

/** One repetition's figures of one side, by name (`rps`, `p99_ms`, `rss_mb`, ...), with its failures. */
export type Sample = Record<string, number> & { errors: number; non2xx: number };

/** A budget: `value` against `limit`, at most or at least. */
export interface Check {
  name: string;
  value: number;
  limit: number;
  atMost: boolean;
  unit: string;
}

/** At least half the baseline's throughput: issue 14's budget for calls that the baseline makes too. */
export function throughputCheck(plaza: Record<string, number>, baseline: Record<string, number>): Check {
  return {
    name: 'throughput / baseline',
    value: plaza.rps! / baseline.rps!,
    limit: 0.5,
    atMost: false,
    unit: 'x',
  };
}

/** A latency percentile of a sample (`p95_ms`, `p99_ms`) at most `limit` milliseconds. */
export function latencyCheck(
  figures: Record<string, number>,
  percentile: 'p95' | 'p99',
  limit: number,
): Check {
  return { name: percentile, value: figures[`${percentile}_ms`]!, limit, atMost: true, unit: ' ms' };
}

export interface ScenarioResult {
  group: string;
  scenario: string;
  /** How it was measured, for the reader: connections, rate, duration, data. */
  setup: string;
  plaza: Sample[];
  baseline: Sample[];
  /** The figures the human line shows, with their units. */
  shown: Array<[key: string, unit: string]>;
  /** The budgets, from the medians of both sides. */
  checks(plaza: Record<string, number>, baseline: Record<string, number>): Check[];
}

/** A load's figures as a sample. */
export function sampleOf(figures: Figures): Sample {
  return {
    rps: figures.rps,
    p50_ms: figures.p50,
    p95_ms: figures.p95,
    p99_ms: figures.p99,
    max_ms: figures.max,
    requests: figures.requests,
    non2xx: figures.non2xx,
    errors: figures.errors,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of each figure over the repetitions. */
function medians(samples: Sample[]): Record<string, number> {
  const keys = Object.keys(samples[0] ?? {});
  return Object.fromEntries(keys.map((key) => [key, median(samples.map((sample) => sample[key]!))]));
}

const format = (value: number) =>
  value >= 100 ? Math.round(value).toLocaleString('en') : String(Math.round(value * 100) / 100);

/**
 * Prints a scenario as one JSON line (every repetition of both sides, the medians, each budget check)
 * and one line for people, and tells whether it passed: no errors, no non-2xx answers, no load run
 * without a single answer (its latencies would read as 0 ms), and every
 * budget met (budgets are only reported in a smoke run). The JSON line starts with `{"scenario":`.
 */
export function report(options: BenchOptions, result: ScenarioResult): boolean {
  const plaza = medians(result.plaza);
  const baseline = medians(result.baseline);
  const checks = result.checks(plaza, baseline).map((check) => ({
    ...check,
    value: Math.round(check.value * 100) / 100,
    ok: check.atMost ? check.value <= check.limit : check.value >= check.limit,
  }));
  const failures = [...result.plaza, ...result.baseline].reduce(
    (sum, sample) => sum + sample.errors + sample.non2xx + (sample.requests === 0 ? 1 : 0),
    0,
  );
  const budgetMet = checks.every((check) => check.ok);
  console.log(
    JSON.stringify({
      scenario: result.scenario,
      group: result.group,
      setup: result.setup,
      plaza: { median: plaza, runs: result.plaza },
      baseline: { median: baseline, runs: result.baseline },
      checks,
      failures,
      budget: options.smoke ? 'not enforced' : budgetMet ? 'met' : 'missed',
    }),
  );
  const side = (figures: Record<string, number>) =>
    result.shown.map(([key, unit]) => `${format(figures[key] ?? 0)} ${unit}`).join(', ');
  const verdicts = checks.map(
    (check) =>
      `${check.name} ${format(check.value)}${check.unit} (${check.atMost ? '<=' : '>='} ${format(check.limit)}${check.unit}) ${check.ok ? 'ok' : 'MISSED'}`,
  );
  if (failures > 0) verdicts.push(`${failures} errors, non-2xx answers or runs without an answer`);
  console.log(
    `${result.scenario}: Plaza ${side(plaza)} | baseline ${side(baseline)} | ${verdicts.join('; ')}${options.smoke ? ' (smoke: budgets not enforced)' : ''}`,
  );
  return failures === 0 && (options.smoke || budgetMet);
}
