import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { requireSoleServer, SharedWithoutRedisError, serverApplicationName } from '../src/db/instances';
import { createTestDatabase } from './database';
import { requirePostgres } from './overload';

requirePostgres('sole-server.postgres.test.ts');

/**
 * Two servers on one PostgreSQL without Redis would each keep their own sessions cache and bus
 * (`db/instances.ts`): a server started without Redis refuses while another server is connected.
 */
describe('a server without Redis on a database another server uses', () => {
  let template: Database & { url?: string };
  beforeAll(async () => {
    template = await createTestDatabase();
  });
  afterAll(async () => {
    await template?.close();
  });

  const server = async (name = serverApplicationName()) => ({
    name,
    database: await openDatabase({ databaseUrl: template.url, applicationName: name }),
  });

  it('refuses to start while another server is connected, saying why and what to do', async () => {
    const first = await server();
    const second = await server();
    try {
      const refused = requireSoleServer(second.database.db, second.name, 0);
      await expect(refused).rejects.toBeInstanceOf(SharedWithoutRedisError);
      await expect(refused).rejects.toThrow(/1 other Plaza server\(s\) use this database.*REDIS_URL/s);
    } finally {
      await first.database.close();
      await second.database.close();
    }
  });

  it('starts alone, and beside connections that are no server (the CLI, a console)', async () => {
    const cli = await openDatabase({ databaseUrl: template.url });
    const alone = await server();
    try {
      await expect(requireSoleServer(alone.database.db, alone.name, 0)).resolves.toBeUndefined();
    } finally {
      await cli.close();
      await alone.database.close();
    }
  });

  it('waits for a server that is ending (a restart starting the new process first), then starts', async () => {
    const old = await server();
    const next = await server();
    try {
      let started = false;
      const waiting = requireSoleServer(next.database.db, next.name, 20_000).then(() => {
        started = true;
      });
      // Still there after a look: the new one waits.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(started).toBe(false);
      await old.database.close();
      await waiting;
      expect(started).toBe(true);
    } finally {
      await next.database.close();
    }
  });
});
