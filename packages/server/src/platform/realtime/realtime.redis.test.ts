import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { createTestDatabase } from '../../../test/database';
import { buildUser, testPassword } from '../../../test/factories';
import { cookieHeader, openSocket } from '../../../test/socket';
import { recordActivity } from '../../modules/activities/service';
import { createBus } from '../bus-factory';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two instances on one PostgreSQL and one Redis, as behind a load balancer. */
describe('two instances over Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const prefix = `plaza-test-${randomBytes(4).toString('hex')}:`;
    a = await createTestApp({ database, bus: await createBus({ redisUrl }, prefix) });
    b = await createTestApp({ database, bus: await createBus({ redisUrl }, prefix) });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
  });

  it('delivers an event published on instance A to a client connected to instance B', async () => {
    const member = await buildUser(database.db);
    const client = new TestClient(b.app);
    await client.login(member.username, testPassword);
    const port = (b.app.server.address() as AddressInfo).port;
    const socket = await openSocket(`ws://127.0.0.1:${port}/api/v2/cable`, {
      cookie: cookieHeader(client.jar),
      origin: 'http://plaza.test',
    });
    socket.send({ command: 'subscribe', channel: 'NotificationChannel' });
    await socket.next((m) => m.type === 'confirm_subscription');

    const activity = await recordActivity(a, { userId: member.id, type: 'other', text: 'from instance A' });

    const message = await socket.next((m) => m.type === 'message');
    expect(message).toMatchObject({ message: { activity: { id: activity.id, text: 'from instance A' } } });
    await socket.close();
  });
});
