// Realtime: many idle signed-in sockets on one instance (its resident memory), and a notification
// from one instance to a socket on another through Redis (request sent to message received). Budget
// (issue 14): at most 512 MB RSS with 10,000 sockets; p99 delivery at most 25 ms.
import { spreadMembers } from '../lib/community';
import { alternate, alternateWarm, runGroup } from '../lib/group';
import { figuresOf } from '../lib/load';
import { latencyCheck, type Sample } from '../lib/report';
import { type RunningServer, startBaseline, startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';
import { closeAll, openManySockets, openNotificationSocket } from '../lib/sockets';

/** Sockets per member: the socket rate limit allows 30 a minute, and each repetition opens a new set. */
const socketsPerMember = 10;
const settleMs = 3_000;
const commenterCount = 160;

await runGroup(
  'sockets',
  ['idle-sockets', 'notification-across-instances'],
  async ({ options, db, startAll, scenario }) => {
    const socketCount = options.smoke ? 50 : 10_000;
    const notifications = options.smoke ? 5 : 200;
    const sessions = async (server: RunningServer, count: number) =>
      signIn(server.url, options.databaseUrl, await spreadMembers(db, count));

    await scenario('idle-sockets', async () => {
      /** A fresh instance per repetition, so each measures its sockets and nothing left from before. */
      const measureSockets = async (start: () => Promise<RunningServer>): Promise<Sample> => {
        const server = await start();
        try {
          const members = await sessions(server, Math.ceil(socketCount / socketsPerMember));
          const idle = server.rssBytes();
          const started = performance.now();
          const { sockets, failed } = await openManySockets(server.url, members, socketCount);
          const openSeconds = (performance.now() - started) / 1000;
          await new Promise((resolve) => setTimeout(resolve, settleMs));
          const rss = server.rssBytes();
          await closeAll(sockets);
          return {
            sockets: sockets.length,
            rss_mb: Math.round(rss / 2 ** 20),
            idle_rss_mb: Math.round(idle / 2 ** 20),
            kb_per_socket: Math.round((rss - idle) / 1024 / Math.max(1, sockets.length)),
            open_s: Math.round(openSeconds * 10) / 10,
            errors: failed,
            non2xx: 0,
          };
        } finally {
          await server.stop();
        }
      };
      return {
        setup: `${socketCount} sockets subscribed to NotificationChannel and ChatChannel, ${socketsPerMember} per member, RSS ${settleMs / 1000} s after the last opened; a fresh instance each time`,
        ...(await alternate(
          options,
          () => measureSockets(() => startPlaza({ databaseUrl: options.databaseUrl })),
          () => measureSockets(() => startBaseline({ databaseUrl: options.databaseUrl })),
        )),
        shown: [
          ['rss_mb', 'MB RSS'],
          ['kb_per_socket', 'KB/socket'],
          ['open_s', 's to open'],
        ],
        checks: (p) => [{ name: 'RSS', value: p.rss_mb!, limit: 512, atMost: true, unit: ' MB' }],
      };
    });

    await scenario('notification-across-instances', async () => {
      const withRedis = { databaseUrl: options.databaseUrl, redisUrl: options.redisUrl };
      const [plazaA, plazaB, baselineA, baselineB] = await startAll(
        startPlaza(withRedis, 'plaza-a'),
        startPlaza(withRedis, 'plaza-b'),
        startBaseline(withRedis, 'baseline-a'),
        startBaseline(withRedis, 'baseline-b'),
      );
      // The recipient wrote a post in no group; the commenters (everyone may read it) take turns.
      const { rows } = await db.query<{ id: number; author_id: number }>(
        `select p.id, p.author_id from posts p join users u on u.id = p.author_id and u.username like 'member%'
       where p.group_id is null order by p.id desc limit 1`,
      );
      const post = rows[0]!;
      // Enough commenters that a run (a warm-up and three repetitions per side) stays far below the
      // comments limit of 60 per member in 10 minutes, run after run: a 429 is no notification.
      const commenters = (await sessions(plazaA, commenterCount + 1))
        .filter((s) => s.username !== `member${post.author_id}`)
        .slice(0, commenterCount);
      const [recipient] = await signIn(plazaA.url, options.databaseUrl, [`member${post.author_id}`]);
      let turn = 0;

      /** Comments on the post through instance `from`, each awaited on the recipient's socket on `to`. */
      const deliver = async (from: RunningServer, to: RunningServer): Promise<Sample> => {
        const { socket, next } = await openNotificationSocket(to.url, recipient!);
        const latencies: number[] = [];
        let failures = 0;
        let non2xx = 0;
        try {
          for (let i = 0; i < notifications; i += 1) {
            const commenter = commenters[turn++ % commenters.length]!;
            const started = performance.now();
            const arrived = next('message', 2_000).then(
              () => performance.now(),
              () => null,
            );
            const response = await fetch(`${from.url}/api/v2/comments`, {
              method: 'PUT',
              headers: {
                'content-type': 'application/json',
                cookie: commenter.cookie,
                'x-csrf-token': commenter.csrf,
              },
              body: JSON.stringify({ type: 'post', id: post.id, text: `Notification ${i}` }),
            });
            await response.arrayBuffer();
            if (!response.ok) non2xx += 1;
            const at = await arrived;
            if (at === null) failures += 1;
            else latencies.push(at - started);
          }
        } finally {
          socket.close();
        }
        const figures = figuresOf(latencies, 1, { non2xx, statuses: {}, errors: failures });
        return { p50_ms: figures.p50, p99_ms: figures.p99, max_ms: figures.max, non2xx, errors: failures };
      };
      return {
        setup: `${notifications} comments one after another on instance A, each awaited on the post author's socket on instance B (Redis ${options.redisUrl})`,
        ...(await alternateWarm(
          options,
          () => deliver(plazaA, plazaB),
          () => deliver(baselineA, baselineB),
        )),
        shown: [
          ['p50_ms', 'ms p50'],
          ['p99_ms', 'ms p99'],
        ],
        checks: (p) => [latencyCheck(p, 'p99', 25)],
      };
    });
  },
);
