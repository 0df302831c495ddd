// The soak (issue 53): the mixed workload (lib/mixed.ts) with chat and uploads, for some minutes, on two
// compiled instances that share the database, Redis (their own channel prefix) and their uploads
// folder; every load runs on both at half its rate, straight to each (no proxy). Besides the mix
// (100 req/s, 10 reads : 1 write), members send chat messages in direct conversations (one per 20
// requests of the mix, one in ten with an 8 KB text file attached), each awaited on the recipient's
// socket, which is on the other instance for half of them; others upload 32 KB text files to the group
// (one per 400 requests).
//
// Each instance's memory and handles come from its own `/metrics` (METRICS_TOKEN), which the soak
// scrapes six times a minute under load (resident memory, V8's young generation, heap used outside it:
// the minute's median) and once at each minute's end when the load has drained (handles, file
// descriptors, database connections and slots in use, sockets; PostgreSQL's count of connections to the
// database beside them). One line per minute, and a table of them all at the end.
//
// Fails (non-zero exit, the reason printed) on any 5xx, any other failed request or lost chat message,
// and on growth past the budgets below: each figure's last minute against its lowest earlier minute.
//
// `npm run bench:soak -- --minutes 10` (default 10; `--rate <req/s>` of the mix, default 100: a rate a
// busy shared machine keeps); the smoke run (`--smoke`) soaks three "minutes" of 2 s with light loads
// (30 req/s, 4 chat messages and an upload a second), budgets reported, not enforced.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { endpoints } from '@plaza/contract';
import { runGroup } from '../lib/group';
import { type Figures, type LoadRequest, measureAtRate } from '../lib/load';
import { type MetricSeries, metric, scrapeMetrics } from '../lib/metrics';
import { measureMixedFigures, mixedWorkload } from '../lib/mixed';
import type { Check, Sample } from '../lib/report';
import { type RunningServer, startPlaza } from '../lib/servers';
import { type MemberSession, signIn } from '../lib/sessions';
import { type OpenSocket, openNotificationSocket } from '../lib/sockets';

/** Growth each instance may show at the last minute over its lowest earlier minute (`--minutes` of 2 or more). */
const budgets = {
  /**
   * Resident memory less V8's young generation, minute medians. The young generation grows in steps
   * under load up to twice `--max-semi-space-size` (128 MB with `npm run serve`'s flags), which moves the
   * resident memory by as much without anything kept: it is shown apart (`young MB`).
   */
  rssMb: 64,
  /**
   * V8's heap used outside the young generation (where what is kept ends up), minute medians; the young
   * generation's part saws between nothing and 128 MB with the scavenges.
   */
  heapMb: 32,
  /** Active handles and open file descriptors at the drained ends of the minutes. */
  handles: 20,
  fds: 20,
  /** Connections to the database (PostgreSQL's view, both instances and the bench's own). */
  pgConnections: 4,
};

const columns: Array<[header: string, key: string]> = [
  ['min', 'minute'],
  ['req/s', 'rps'],
  ['reads p99', 'reads_p99_ms'],
  ['writes p99', 'writes_p99_ms'],
  ['chat', 'chat_sent'],
  ['chat p99', 'chat_p99_ms'],
  ['uploads', 'uploads'],
  ['non-2xx', 'non2xx'],
  ['lost', 'lost'],
  ['pg conns', 'pg_connections'],
  ['load', 'load'],
];
const instanceColumns: Array<[header: string, key: string]> = [
  ['RSS MB', 'rss_mb'],
  ['young MB', 'young_mb'],
  ['old heap MB', 'heap_mb'],
  ['handles', 'handles'],
  ['fds', 'fds'],
  ['db conns/in use', 'db'],
  ['sockets', 'sockets'],
];

const { values } = parseArgs({
  args: process.argv.slice(2),
  strict: false,
  options: { minutes: { type: 'string' }, rate: { type: 'string' } },
});

await runGroup('soak', ['soak'], async ({ options, db, startAll, scenario }) => {
  const { smoke } = options;
  const minutes = Number(values.minutes ?? (smoke ? 3 : 10));
  /** A "minute": 60 s, or 2 s in the smoke run. */
  const minuteSeconds = smoke ? 2 : 60;
  const scrapesPerMinute = 6;
  const rate = Number(values.rate ?? (smoke ? 30 : 100));
  // A chat message per 20 requests of the mix, an upload per 400 (the smoke run: a few of each).
  const chatRate = smoke ? 4 : rate / 20;
  const uploadRate = smoke ? 1 : rate / 400;
  const warmUpSeconds = smoke ? 0.5 : 15;
  if (!(minutes >= 1) || !(rate > 0)) throw new Error('--minutes and --rate must be positive numbers');

  const workload = await mixedWorkload(db, 200);
  const metricsToken = randomBytes(24).toString('hex');
  /** This run's mark in the chat messages' client ids (unique per sender, also across runs). */
  const run = randomBytes(4).toString('hex');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plaza-soak-data-'));
  const shared = {
    databaseUrl: options.databaseUrl,
    redisUrl: options.redisUrl,
    dataDir,
    // Its own channels on a Redis that other runs may share.
    env: { METRICS_TOKEN: metricsToken, REDIS_PREFIX: `plaza-soak-${process.pid}:` },
  };
  const instances = await startAll(startPlaza(shared, 'plaza-a'), startPlaza(shared, 'plaza-b'));
  const sockets: OpenSocket[] = [];
  try {
    const sessions = await signIn(instances[0].url, options.databaseUrl, workload.usernames);
    const chat = await chatPairs(
      instances,
      sessions.slice(0, 2 * Math.min(smoke ? 2 : 20, Math.floor(sessions.length / 2))),
    );
    sockets.push(...chat.sockets);

    const file = (prefix: string, kib: number) =>
      Buffer.from(`${prefix}: a line of text the soak uploads.\n`.repeat(Math.ceil((kib * 1024) / 40)));
    const attachment = `data:text/plain;base64,${file('Chat attachment', 8).toString('base64')}`;
    const upload = file('Group file', 32);
    let sent = 0;
    const chatRequest: LoadRequest = {
      method: 'POST',
      path: endpoints.chat.create.path,
      body: (session) => {
        const pair = chat.of.get(session!.username)!;
        sent += 1;
        chat.expect(sent, pair.partner);
        return {
          message: {
            recipient: pair.conversation,
            text: `Soak message s${sent}e`,
            client_id: `soak-${run}-${sent}`,
            ...(sent % 10 === 0
              ? { attachment: { type: 'text/plain', name: `soak-${sent}.txt`, content: attachment } }
              : {}),
          },
        };
      },
    };
    let uploaded = 0;
    const uploadRequest: LoadRequest = {
      method: 'POST',
      path: `/api/v2/groups/${workload.group.id}/files`,
      file: () => {
        uploaded += 1;
        return { field: 'file', name: `soak-${uploaded}.txt`, type: 'text/plain', content: upload };
      },
    };

    /** Every load on both instances for `seconds`, at `share` of their rates. */
    const loadFor = async (seconds: number, share = 1) => {
      const perInstance = instances.map(async (server) => {
        const [mixed, chatFigures, uploads] = await Promise.all([
          measureMixedFigures(server.url, seconds, (rate * share) / 2, workload, sessions),
          measureAtRate({
            url: server.url,
            duration: seconds,
            rate: (chatRate * share) / 2,
            requests: [chatRequest],
            sessions: chat.senders,
          }),
          measureAtRate({
            url: server.url,
            duration: seconds,
            rate: (uploadRate * share) / 2,
            requests: [uploadRequest],
            sessions,
          }),
        ]);
        return { ...mixed, chat: chatFigures, uploads };
      });
      return Promise.all(perInstance);
    };

    const scrape = (server: RunningServer) => scrapeMetrics(server.url, metricsToken);
    /**
     * A scrape once the handles stopped moving (two alike 250 ms apart, 3 s at most): the load's closed
     * connections take a moment to close on a busy server (32 handles, then 64 or 79 for one scrape).
     */
    const settled = async (server: RunningServer) => {
      let series = await scrape(server);
      const deadline = Date.now() + 3_000;
      while (Date.now() < deadline) {
        await sleep(250);
        const next = await scrape(server);
        const same =
          metric(next, 'nodejs_active_handles_total') === metric(series, 'nodejs_active_handles_total');
        series = next;
        if (same) break;
      }
      return series;
    };
    const pgConnections = async () =>
      (
        await db.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = current_database()',
        )
      ).rows[0]!.n;

    // Warm-up at half the rates: plans, caches, the JIT and the pools of fresh instances; its failures
    // are reported apart and count in the first minute's.
    const warmUp = tally(await loadFor(warmUpSeconds, 0.5), await chat.settle());
    const failures: string[] = [];
    if (warmUp.failed.length > 0) failures.push(`warm-up (${warmUpSeconds} s): ${warmUp.failed.join(', ')}`);

    const samples: Sample[] = [];
    console.log(
      `soak: ${minutes} x ${minuteSeconds} s, mix ${rate} req/s + chat ${chatRate} msg/s + uploads ${uploadRate}/s over ${instances.length} instances (${sessions.length} members, ${chat.senders.length} chatting)`,
    );
    for (let minute = 1; minute <= minutes; minute += 1) {
      const memory = instances.map(() => ({
        rss: [] as number[],
        young: [] as number[],
        heap: [] as number[],
      }));
      const remember = (n: number, series: MetricSeries) => {
        memory[n]!.rss.push(metric(series, 'process_resident_memory_bytes'));
        memory[n]!.young.push(metric(series, 'nodejs_heap_space_size_total_bytes', { space: 'new' }));
        memory[n]!.heap.push(
          metric(series, 'nodejs_heap_size_used_bytes') -
            metric(series, 'nodejs_heap_space_size_used_bytes', { space: 'new' }),
        );
      };
      let loading = true;
      // A failed scrape ends the soak after the minute's load (not in the middle: it is awaited then).
      const scraping = (async () => {
        for (let i = 0; i < scrapesPerMinute - 1 && loading; i += 1) {
          await sleep((minuteSeconds * 1000) / scrapesPerMinute);
          if (!loading) break;
          for (const [n, series] of (await Promise.all(instances.map(scrape))).entries()) remember(n, series);
        }
      })().then(
        () => null,
        (error: unknown) => error,
      );
      const figures = await loadFor(minuteSeconds);
      loading = false;
      const scrapeError = await scraping;
      if (scrapeError) throw scrapeError;
      const counts = tally(figures, await chat.settle());
      // The load has drained: what stays open now is what the instances hold between requests.
      const drained = await Promise.all(instances.map(settled));
      const first = minute === 1 ? warmUp : { non2xx: 0, errors: 0, status5xx: 0, lost: 0 };
      const sample: Sample = {
        minute,
        non2xx: counts.non2xx + first.non2xx,
        errors: counts.errors + counts.lost + first.errors + first.lost,
        lost: counts.lost + first.lost,
        status_5xx: counts.status5xx + first.status5xx,
      };
      const sum = (pick: (f: (typeof figures)[number]) => Figures, key: 'requests' | 'rps') =>
        figures.reduce((total, f) => total + pick(f)[key], 0);
      const worst = (pick: (f: (typeof figures)[number]) => Figures) =>
        Math.max(...figures.map((f) => pick(f).p99));
      Object.assign(sample, {
        requests: sum((f) => f.read, 'requests') + sum((f) => f.write, 'requests'),
        rps: sum((f) => f.read, 'rps') + sum((f) => f.write, 'rps'),
        reads_p99_ms: worst((f) => f.read),
        writes_p99_ms: worst((f) => f.write),
        chat_sent: sum((f) => f.chat, 'requests'),
        chat_p99_ms: worst((f) => f.chat),
        uploads: sum((f) => f.uploads, 'requests'),
        uploads_p99_ms: worst((f) => f.uploads),
        pg_connections: await pgConnections(),
        // The machine's 1-minute load average: other work on it shows in the latencies.
        load: Math.round(os.loadavg()[0]! * 10) / 10,
      });
      instances.forEach((server, n) => {
        const series = drained[n]!;
        remember(n, series);
        const own = memory[n]!;
        const key = server.name.replace('plaza-', '');
        Object.assign(sample, {
          [`${key}_rss_mb`]: mb(median(own.rss)),
          [`${key}_young_mb`]: mb(median(own.young)),
          [`${key}_rss_less_young_mb`]: mb(median(own.rss.map((rss, i) => rss - own.young[i]!))),
          [`${key}_heap_mb`]: mb(median(own.heap)),
          [`${key}_handles`]: metric(series, 'nodejs_active_handles_total'),
          [`${key}_fds`]: metric(series, 'process_open_fds'),
          // The pool's connections and the pipelined ones.
          [`${key}_db_open`]:
            metric(series, 'plaza_db_connections', { state: 'open' }) +
            metric(series, 'plaza_db_connections', { state: 'pipelined' }),
          [`${key}_db_in_use`]: metric(series, 'plaza_db_slots_in_use'),
          [`${key}_sockets`]: metric(series, 'plaza_realtime_sockets'),
          // No series until an instance answered one.
          [`${key}_server_5xx`]:
            metric(series, 'plaza_http_request_duration_seconds_count', { status_class: '5xx' }) || 0,
        });
      });
      samples.push(sample);
      console.log(minuteLine(sample, instances));
      if (counts.failed.length > 0) failures.push(`minute ${minute}: ${counts.failed.join(', ')}`);
    }

    await scenario('soak', async () => ({
      setup: `${minutes} x ${minuteSeconds} s on 2 instances (Redis, shared uploads folder): mixed ${rate} req/s (10 reads : 1 write, ${sessions.length} members of group ${workload.group.id}), chat ${chatRate} msg/s in ${chat.senders.length / 2} direct conversations (1 in 10 with an 8 KB attachment), ${uploadRate} uploads/s of 32 KB; memory from /metrics`,
      plaza: samples,
      baseline: [],
      shown: [
        ['rps', 'req/s'],
        ['reads_p99_ms', 'ms reads p99'],
        ['writes_p99_ms', 'ms writes p99'],
        ['a_rss_mb', 'MB RSS a'],
        ['b_rss_mb', 'MB RSS b'],
      ],
      checks: () => growthChecks(samples, instances, minutes),
    }));
    for (const failure of failures) console.log(`soak FAILED: ${failure}`);
    const server5xx = instances.map((server) => {
      const key = server.name.replace('plaza-', '');
      return `${server.name} ${samples.at(-1)![`${key}_server_5xx`] || 0}`;
    });
    console.log(`soak: answers 5xx counted by the instances' metrics: ${server5xx.join(', ')}`);
    console.log(`\n${table(samples, instances)}`);
  } finally {
    for (const { socket } of sockets) socket.close();
    await Promise.all(instances.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

type InstanceFigures = { read: Figures; write: Figures; chat: Figures; uploads: Figures };

/** The failures of every load of both instances, with the chat messages lost, and what they were. */
function tally(figures: InstanceFigures[], lost: number) {
  const counts = { non2xx: 0, errors: 0, status5xx: 0, lost, failed: [] as string[] };
  const statuses: Record<string, number> = {};
  for (const f of figures.flatMap((one) => [one.read, one.write, one.chat, one.uploads])) {
    counts.non2xx += f.non2xx;
    counts.errors += f.errors;
    for (const [status, count] of Object.entries(f.statuses)) {
      if (status.startsWith('2')) continue;
      statuses[status] = (statuses[status] ?? 0) + count;
      if (Number(status) >= 500) counts.status5xx += count;
    }
  }
  counts.failed = Object.entries(statuses).map(([status, count]) => `${count} x ${status}`);
  if (counts.errors > 0) counts.failed.push(`${counts.errors} connection errors or time-outs`);
  if (lost > 0) counts.failed.push(`${lost} chat messages not delivered to the recipient's socket`);
  return counts;
}

/**
 * Direct conversations of pairs of `members` (found or made through the API), each member's socket on
 * the ChatChannel of one instance (a pair's two on different ones), and what each socket received.
 */
async function chatPairs(instances: RunningServer[], members: MemberSession[]) {
  const of = new Map<string, { conversation: number; partner: string }>();
  const received = new Map<string, Set<number>>();
  const sockets: OpenSocket[] = [];
  for (let i = 0; i + 1 < members.length; i += 2) {
    const [one, other] = [members[i]!, members[i + 1]!];
    const response = await fetch(
      `${instances[0]!.url}${endpoints.chat.newDirectConversation.path}?user_ids=${other.username.replace('member', '')}`,
      { headers: { cookie: one.cookie } },
    );
    if (!response.ok)
      throw new Error(`no conversation of ${one.username} and ${other.username}: ${response.status}`);
    const { conversation_id: conversation } = (await response.json()) as { conversation_id: number };
    of.set(one.username, { conversation, partner: other.username });
    of.set(other.username, { conversation, partner: one.username });
  }
  for (const [n, member] of members.entries()) {
    const socket = await openNotificationSocket(instances[n % instances.length]!.url, member, 'ChatChannel');
    const seen = new Set<number>();
    received.set(member.username, seen);
    socket.socket.on('message', (raw) => {
      for (const match of raw.toString().matchAll(/Soak message s(\d+)e/g)) seen.add(Number(match[1]));
    });
    sockets.push(socket);
  }
  const expected = new Map<number, string>();
  return {
    of,
    sockets,
    senders: members,
    expect(message: number, recipient: string) {
      expected.set(message, recipient);
    },
    /** Waits up to 5 s for every expected message at its recipient; how many never came (then forgotten). */
    async settle(): Promise<number> {
      const missing = () =>
        [...expected].filter(([message, recipient]) => !received.get(recipient)!.has(message));
      const deadline = Date.now() + 5_000;
      while (missing().length > 0 && Date.now() < deadline) await sleep(50);
      const lost = missing().length;
      expected.clear();
      for (const seen of received.values()) seen.clear();
      return lost;
    },
  };
}

/**
 * The budgets: no 5xx at all, and each figure's growth: the last minute's against the lowest of the
 * minutes before (the first minute's can stand high from the warm-up, which would hide a slow leak).
 */
function growthChecks(samples: Sample[], instances: RunningServer[], minutes: number): Check[] {
  const last = samples.at(-1)!;
  const earlier = samples.length > 1 ? samples.slice(0, -1) : samples;
  const growth = (key: string) => last[key]! - Math.min(...earlier.map((sample) => sample[key]!));
  const checks: Check[] = [
    {
      name: 'answers 5xx',
      value: samples.reduce((sum, sample) => sum + sample.status_5xx!, 0),
      limit: 0,
      atMost: true,
      unit: '',
    },
    {
      name: 'PostgreSQL connections growth',
      value: growth('pg_connections'),
      limit: budgets.pgConnections,
      atMost: true,
      unit: '',
    },
  ];
  for (const server of instances) {
    const key = server.name.replace('plaza-', '');
    checks.push({
      name: `${key} server 5xx`,
      value: last[`${key}_server_5xx`]!,
      limit: 0,
      atMost: true,
      unit: '',
    });
    if (minutes < 2) continue;
    checks.push(
      {
        name: `${key} RSS less young generation growth`,
        value: growth(`${key}_rss_less_young_mb`),
        limit: budgets.rssMb,
        atMost: true,
        unit: ' MB',
      },
      {
        name: `${key} heap outside the young generation growth`,
        value: growth(`${key}_heap_mb`),
        limit: budgets.heapMb,
        atMost: true,
        unit: ' MB',
      },
      {
        name: `${key} handles growth`,
        value: growth(`${key}_handles`),
        limit: budgets.handles,
        atMost: true,
        unit: '',
      },
      { name: `${key} fds growth`, value: growth(`${key}_fds`), limit: budgets.fds, atMost: true, unit: '' },
    );
  }
  return checks;
}

function cell(sample: Sample, key: string): string {
  if (key.endsWith('_db')) return `${sample[`${key}_open`]}/${sample[`${key}_in_use`]}`;
  const value = sample[key] ?? Number.NaN;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** A minute as one line for people. */
function minuteLine(sample: Sample, instances: RunningServer[]): string {
  const own = instances.map((server) => {
    const key = server.name.replace('plaza-', '');
    return `${key}: ${instanceColumns.map(([header, name]) => `${cell(sample, `${key}_${name}`)} ${header}`).join(', ')}`;
  });
  return `soak minute ${sample.minute}: ${columns
    .slice(1)
    .map(([header, key]) => `${cell(sample, key)} ${header}`)
    .join(', ')} | ${own.join(' | ')}`;
}

/** Every minute as a Markdown table (bench/README.md's figures). */
function table(samples: Sample[], instances: RunningServer[]): string {
  const keys = instances.map((server) => server.name.replace('plaza-', ''));
  const headers = [
    ...columns.map(([header]) => header),
    ...keys.flatMap((key) => instanceColumns.map(([header]) => `${key} ${header}`)),
  ];
  const rows = samples.map((sample) => [
    ...columns.map(([, key]) => cell(sample, key)),
    ...keys.flatMap((key) => instanceColumns.map(([, name]) => cell(sample, `${key}_${name}`))),
  ]);
  return [headers, headers.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function mb(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
