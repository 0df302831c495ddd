import pg from 'pg';
import { type LoadRequest, measure } from './load';
import { type BenchOptions, benchOptions, connectionsFor, wanted } from './options';
import { report, type Sample, type ScenarioResult, sampleOf } from './report';
import type { RunningServer } from './servers';
import type { MemberSession } from './sessions';

/** What a scenario group's body gets: the options, a connection to the bench database, and `scenario`. */
export interface GroupContext {
  options: BenchOptions;
  db: pg.Pool;
  /** Runs one scenario when `--only` wants it: its measurements, then its report. */
  scenario(name: string, run: () => Promise<Omit<ScenarioResult, 'group' | 'scenario'>>): Promise<void>;
  /** Servers stopped when the group ends, however it ends. */
  own<T extends RunningServer>(server: T): T;
  /** Servers started side by side (a start is mostly waiting), owned like `own`; fails if any fails. */
  startAll<T extends readonly RunningServer[]>(...starting: { [K in keyof T]: Promise<T[K]> }): Promise<T>;
}

/**
 * Runs a file of scenarios: skips it when `--only` names none of them (before any server starts),
 * reports each, stops its servers, and exits non-zero when a scenario failed or missed its budget.
 */
export async function runGroup(
  group: string,
  names: string[],
  body: (ctx: GroupContext) => Promise<void>,
): Promise<void> {
  const options = benchOptions();
  if (!names.some((name) => wanted(options, group, name))) return;
  const db = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  const servers: RunningServer[] = [];
  let passed = true;
  try {
    await body({
      options,
      db,
      own(server) {
        servers.push(server);
        return server;
      },
      async startAll<T extends readonly RunningServer[]>(...starting: { [K in keyof T]: Promise<T[K]> }) {
        const settled = await Promise.allSettled(starting as readonly Promise<RunningServer>[]);
        for (const result of settled) if (result.status === 'fulfilled') servers.push(result.value);
        const failed = settled.find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
        return settled.map(
          (result) => (result as PromiseFulfilledResult<RunningServer>).value,
        ) as unknown as T;
      },
      async scenario(scenario, run) {
        if (!wanted(options, group, scenario)) return;
        passed = report(options, { group, scenario, ...(await run()) }) && passed;
      },
    });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await db.end();
  }
  if (!passed) process.exitCode = 1;
}

/**
 * Measures both sides in turn, `repetitions` times each (Plaza, baseline, Plaza, ...), so a noisy
 * neighbour on the machine hurts both alike.
 */
export async function alternate(
  options: BenchOptions,
  plaza: () => Promise<Sample>,
  baseline: () => Promise<Sample>,
): Promise<{ plaza: Sample[]; baseline: Sample[] }> {
  const samples = { plaza: [] as Sample[], baseline: [] as Sample[] };
  for (let i = 0; i < options.repetitions; i += 1) {
    samples.plaza.push(await plaza());
    samples.baseline.push(await baseline());
  }
  return samples;
}

/**
 * `alternate` after one unmeasured run of each side, for measurements that are not timed loads (a
 * series of deliveries): the first requests of a fresh server pay for plans, prepared statements and
 * the JIT (a cold first run's p99 was twice a warm one's), as `compareLoad`'s warm-up does for loads.
 */
export async function alternateWarm(
  options: BenchOptions,
  plaza: () => Promise<Sample>,
  baseline: () => Promise<Sample>,
): Promise<{ plaza: Sample[]; baseline: Sample[] }> {
  await plaza();
  await baseline();
  return alternate(options, plaza, baseline);
}

/**
 * Seconds of the warm-up of each side before a load is measured (plans, caches, the JIT); not counted.
 * A smoke run warms up briefly too: its loads last half a second, and a cold server's first answers
 * (a page of seven modules on a slow CI machine) can take that long, leaving a run with no answer.
 */
const warmUpSeconds = { full: 2, smoke: 0.5 };

/**
 * Measures the same load on Plaza and on the baseline: a warm-up of each, then `alternate`. `run`
 * measures the load against one server for some seconds; each sample gets the server's resident memory
 * at the end of its load (`rss_mb`).
 */
export async function compareLoad(
  options: BenchOptions,
  servers: { plaza: RunningServer; baseline: RunningServer },
  run: (url: string, seconds: number) => Promise<Sample>,
): Promise<{ plaza: Sample[]; baseline: Sample[] }> {
  const warmUp = options.smoke ? warmUpSeconds.smoke : warmUpSeconds.full;
  await run(servers.plaza.url, warmUp);
  await run(servers.baseline.url, warmUp);
  const measured = async (server: RunningServer): Promise<Sample> => {
    const sample = await run(server.url, options.duration);
    return { ...sample, rss_mb: Math.round(server.rssBytes() / 2 ** 20) };
  };
  return alternate(
    options,
    () => measured(servers.plaza),
    () => measured(servers.baseline),
  );
}

/** `compareLoad` of GETs of one path at `connections`, the sessions taking turns. */
export function compareGet(
  options: BenchOptions,
  servers: { plaza: RunningServer; baseline: RunningServer },
  get: { path: string; connections: number; sessions: MemberSession[]; rate?: number },
): Promise<{ plaza: Sample[]; baseline: Sample[] }> {
  return compareLoad(options, servers, async (url, duration) =>
    sampleOf(
      await measure({
        url,
        connections: get.connections,
        duration,
        requests: [{ path: get.path }],
        sessions: get.sessions,
        rate: get.rate,
      }),
    ),
  );
}

/**
 * Plaza alone, a measurement that is not a comparison: one unmeasured warm-up run of `run`, then
 * `repetitions` measured runs of `options.duration` seconds.
 */
export async function warmRepeat(
  options: BenchOptions,
  run: (seconds: number) => Promise<Sample>,
): Promise<{ plaza: Sample[]; baseline: Sample[] }> {
  await run(options.smoke ? warmUpSeconds.smoke : warmUpSeconds.full);
  const plaza: Sample[] = [];
  for (let i = 0; i < options.repetitions; i += 1) plaza.push(await run(options.duration));
  return { plaza, baseline: [] };
}

/**
 * Plaza alone: GETs of `requests()` (called once a run, so a counter in it starts again) by the
 * signed-in `readers` in turn, at `connections` (10 unless given), through `warmRepeat`.
 */
export async function measureReads(
  options: BenchOptions,
  plaza: RunningServer,
  readers: MemberSession[],
  requests: () => LoadRequest[],
  connections = connectionsFor(options, 10),
): Promise<{ plaza: Sample[]; baseline: Sample[]; connections: number }> {
  const samples = await warmRepeat(options, async (duration) =>
    sampleOf(
      await measure({ url: plaza.url, connections, duration, requests: requests(), sessions: readers }),
    ),
  );
  return { ...samples, connections };
}
