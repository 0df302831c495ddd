// The baseline of the HTTP benchmarks: a bare Fastify + node-postgres server on the same database,
// answering Plaza's paths by reading the same rows the cheap way (no ORM, named statements, only the
// columns needed, no validation or serialisation schemas). It reads the session from Plaza's cookie
// as Plaza stores it (SHA-256 of the token), so it takes the same signed-in clients. Its figures are
// what this machine and database can do; Plaza's budgets are ratios of them.
import { createHash } from 'node:crypto';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import pg from 'pg';
import { createBus } from './bus';
import { registerChatRoutes } from './chat-routes';
import { registerJobsRoutes } from './jobs-routes';
import { registerPageRoute } from './page-route';
import { registerPeopleRoutes } from './people-routes';
import { registerRatingRoutes } from './rating-routes';
import type { Member } from './request';
import { registerSearchRoutes } from './search-routes';
import { registerSessionRoutes } from './session-routes';
import { registerStreamRoutes } from './stream-routes';

// A fixed-size pool as Plaza's (server db/client.ts): connections stay open between the bench's runs.
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, min: 10 });
const bus = await createBus(process.env.REDIS_URL || undefined);
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
await app.register(websocket);

const sessionCookie = /(?:^|;\s*)plaza_session=([^;]+)/;

app.decorateRequest('member', null);
app.addHook('onRequest', async (request) => {
  const token = sessionCookie.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return;
  const { rows } = await db.query<Member>({
    name: 'session',
    text: `select u.id, u.firstname, u.lastname, u.permissions, u.selected_language
           from sessions s join users u on u.id = s.user_id where s.id = $1 and s.expires_at > now()`,
    values: [createHash('sha256').update(token).digest('hex')],
  });
  request.member = rows[0] ?? null;
});

app.get('/hello', async () => ({ hello: 'world' }));
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/readyz', async () => {
  await db.query('select 1');
  return { status: 'ready' };
});

registerSessionRoutes(app, db);
registerStreamRoutes(app, db, bus);
registerSearchRoutes(app, db);
registerPageRoute(app, db);
registerChatRoutes(app, db, bus);
registerPeopleRoutes(app, db);
registerJobsRoutes(app, db);
registerRatingRoutes(app, db);

app.get('/api/v2/cable', { websocket: true }, (socket, request) => {
  if (!request.member) return socket.close(4401, 'not signed in');
  const memberId = request.member.id;
  const subscriptions: Array<() => void> = [];
  socket.on('message', (raw: Buffer) => {
    const message = JSON.parse(raw.toString()) as { command: string; channel?: string };
    if (message.command === 'ping') return socket.send('{"type":"pong"}');
    if (message.command !== 'subscribe') return;
    const channel = message.channel === 'ChatChannel' ? 'ChatChannel' : 'NotificationChannel';
    const topic = channel === 'ChatChannel' ? `user:${memberId}:chat` : `user:${memberId}:notifications`;
    void bus
      .subscribe(topic, (payload) =>
        socket.send(`{"type":"message","channel":"${channel}","message":${payload}}`),
      )
      .then((unsubscribe) => {
        subscriptions.push(unsubscribe);
        socket.send(`{"type":"confirm_subscription","channel":"${channel}"}`);
      });
  });
  socket.on('close', () => {
    for (const unsubscribe of subscriptions) unsubscribe();
  });
  socket.send('{"type":"welcome"}');
});

// The bench ends the baseline when it is done with it; nothing of its state needs finishing.
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));

await app.listen({ port: Number(process.env.PORT ?? 3999), host: process.env.HOST ?? '127.0.0.1' });
