// Overload never spreads (issue 14, Deliver 3): a burst of many connections on the slowest endpoint (the
// news stream, as the stream scenarios' member) while /healthz and a cheap endpoint (GET settings with
// the member's session) are measured in the same run. The burst itself may be refused with 503
// database_busy: that is the load shedding. Each repetition is one burst, then the time until the server
// is back to normal: PostgreSQL runs none of Plaza's statements any more and GET settings answers as
// before the burst. The baseline is the bare server answering the same two calls at rest.
// Budgets: /healthz p99 at most 200 ms and GET settings p99 at most 500 ms during the burst, every one of
// their calls answered 2xx, and back to normal within 5 s. Generous absolute bounds, as the machine runs
// the server, PostgreSQL and the load at once; before overload protection /healthz answered nothing
// during such a burst and PostgreSQL stayed saturated for about two minutes after it.
import autocannon from 'autocannon';
import type pg from 'pg';
import { streamSubjects } from '../lib/community';
import { alternate, runGroup } from '../lib/group';
import { type Figures, measure } from '../lib/load';
import type { Sample } from '../lib/report';
import { type RunningServer, startBaseline, startPlaza } from '../lib/servers';
import { type MemberSession, signIn } from '../lib/sessions';

const newsPath = '/api/v2/news';
const settingsPath = '/api/v2/settings';
/** Connections measuring each of /healthz and GET settings. */
const probeConnections = 5;
/** Plaza's connections carry this name, so the watch for its running statements sees only them. */
const applicationName = 'plaza-overload-bench';
/** Answers in a row that must be normal again for the server to count as recovered. */
const recoveredAfter = 5;
/** Longest wait for the recovery before it counts as never. */
const recoveryGiveUpMs = 120_000;

interface Burst {
  ok: number;
  shed: number;
  /** Answers other than 200 and 503: failures. */
  other: number;
  timeouts: number;
}

/**
 * The burst, sent from a worker thread of its own (autocannon `workers`), so that sending it does not
 * slow down this thread's measuring of the two probes.
 */
function burst(url: string, connections: number, seconds: number, session: MemberSession): Promise<Burst> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration: seconds, timeout: 10, headers: { cookie: session.cookie }, workers: 1 },
      (error, result) => {
        if (error) return reject(error);
        const count = (status: string) => result.statusCodeStats?.[status as `${number}`]?.count ?? 0;
        const ok = count('200');
        const shed = count('503');
        resolve({ ok, shed, other: result.requests.total - ok - shed, timeouts: result.timeouts });
      },
    );
  });
}

/** Milliseconds from `since` until none of Plaza's connections runs a statement. */
async function untilDatabaseIdle(db: pg.Pool, since: number): Promise<number> {
  while (performance.now() - since < recoveryGiveUpMs) {
    const { rows } = await db.query<{ active: number }>(
      `select count(*)::int as active from pg_stat_activity where application_name = $1 and state = 'active'`,
      [applicationName],
    );
    if (rows[0]!.active === 0) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.POSITIVE_INFINITY;
}

/** Milliseconds from `since` until GET settings answered 200 within `normalMs` several times in a row. */
async function untilSettingsNormal(
  url: string,
  session: MemberSession,
  since: number,
  normalMs: number,
): Promise<number> {
  let inRow = 0;
  let rowStarted = 0;
  while (performance.now() - since < recoveryGiveUpMs) {
    const started = performance.now();
    const response = await fetch(`${url}${settingsPath}`, { headers: { cookie: session.cookie } }).catch(
      () => undefined,
    );
    await response?.arrayBuffer();
    if (response?.status !== 200 || performance.now() - started > normalMs) inRow = 0;
    else if (++inRow === 1) rowStarted = started;
    if (inRow === recoveredAfter) return rowStarted - since;
  }
  return Number.POSITIVE_INFINITY;
}

/** /healthz and GET settings measured together for `seconds`. */
async function probes(url: string, seconds: number, sessions: MemberSession[]) {
  const [healthz, settings] = await Promise.all([
    measure({ url, connections: probeConnections, duration: seconds, requests: [{ path: '/healthz' }] }),
    measure({
      url,
      connections: probeConnections,
      duration: seconds,
      requests: [{ path: settingsPath }],
      sessions,
    }),
  ]);
  return { healthz, settings };
}

function probeSample(healthz: Figures, settings: Figures): Sample {
  return {
    healthz_rps: healthz.rps,
    healthz_p99_ms: healthz.p99,
    settings_rps: settings.rps,
    settings_p99_ms: settings.p99,
    settings_max_ms: settings.max,
    errors: healthz.errors + settings.errors,
    non2xx: healthz.non2xx + settings.non2xx,
  };
}

await runGroup('overload', ['news-burst'], async ({ options, db, own, scenario }) => {
  const burstConnections = options.smoke ? 20 : 120;
  const subjects = await streamSubjects(db);
  const named = new URL(options.databaseUrl);
  named.searchParams.set('application_name', applicationName);
  const plaza: RunningServer = own(await startPlaza({ databaseUrl: named.toString() }));
  const baseline = own(await startBaseline({ databaseUrl: options.databaseUrl }));
  const sessions = await signIn(plaza.url, options.databaseUrl, [subjects.username]);
  const session = sessions[0]!;

  await scenario('news-burst', async () => {
    // At rest first, after a warm-up (plans, caches): what "normal" means for GET settings after a burst.
    if (!options.smoke) await probes(plaza.url, 1, sessions);
    const rest = await probes(plaza.url, options.smoke ? 1 : 2, sessions);
    const normalMs = Math.max(50, 2 * rest.settings.p99);

    const samples = await alternate(
      options,
      async () => {
        const [sent, during] = await Promise.all([
          burst(`${plaza.url}${newsPath}`, burstConnections, options.duration, session),
          probes(plaza.url, options.duration, sessions),
        ]);
        // autocannon closes its connections when the time is up: what still runs for them is abandoned.
        const ended = performance.now();
        const [idleMs, settingsMs] = await Promise.all([
          untilDatabaseIdle(db, ended),
          untilSettingsNormal(plaza.url, session, ended, normalMs),
        ]);
        const sample = probeSample(during.healthz, during.settings);
        return {
          ...sample,
          news_ok_rps: Math.round(sent.ok / options.duration),
          news_shed_rps: Math.round(sent.shed / options.duration),
          news_timeouts: sent.timeouts,
          database_idle_ms: Math.round(idleMs),
          settings_normal_ms: Math.round(settingsMs),
          recover_ms: Math.round(Math.max(idleMs, settingsMs)),
          non2xx: sample.non2xx + sent.other,
        };
      },
      async () => {
        const { healthz, settings } = await probes(baseline.url, options.duration, sessions);
        return probeSample(healthz, settings);
      },
    );
    return {
      setup: `${burstConnections} connections on GET ${newsPath} as ${subjects.username} for ${options.duration} s; /healthz and GET ${settingsPath} at ${probeConnections} connections each during it (Plaza) and at rest (baseline); "normal" after it: ${recoveredAfter} settings answers in a row within ${Math.round(normalMs)} ms`,
      ...samples,
      shown: [
        ['healthz_p99_ms', 'ms healthz p99'],
        ['settings_p99_ms', 'ms settings p99'],
        ['settings_rps', 'settings req/s'],
      ],
      checks: (p) => [
        { name: 'healthz p99 in burst', value: p.healthz_p99_ms!, limit: 200, atMost: true, unit: ' ms' },
        { name: 'settings p99 in burst', value: p.settings_p99_ms!, limit: 500, atMost: true, unit: ' ms' },
        { name: 'back to normal after it', value: p.recover_ms!, limit: 5_000, atMost: true, unit: ' ms' },
      ],
    };
  });
});
