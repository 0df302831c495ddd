import pg from 'pg';
import type { FailureLog } from '../platform/failure-log';

/**
 * One PostgreSQL connection of the server's own, outside the pool, for what must not wait in the pool's
 * queue behind the very requests that fill it: the readiness check (a statement of an abandoned request
 * is cancelled with its connection's secret key, `cancel.ts`, on a connection of its own). It is opened
 * when first needed; a lost one is dropped and the next call opens another.
 */
export interface ControlConnection {
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  close(): Promise<void>;
}

const isSqlState = (code: unknown) => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

export function openControlConnection(config: pg.ClientConfig, log: FailureLog): ControlConnection {
  let current: Promise<pg.Client> | undefined;
  let closed = false;

  const open = (): Promise<pg.Client> => {
    const client = new pg.Client(config);
    const opening = client.connect().then(() => client);
    const forget = () => {
      if (current === opening) current = undefined;
    };
    // Without a listener a lost connection's 'error' would be an uncaught exception.
    client.on('error', (error) => {
      forget();
      log.warn({ err: error, database: 'postgres' }, 'database control connection lost');
    });
    client.on('end', forget);
    opening.catch(forget);
    return opening;
  };

  /** Runs one query; the connection's queries run one after another (pg wants no overlapping calls). */
  const run = async (text: string, values: unknown[] | undefined) => {
    if (closed) throw new Error('The database control connection is closed.');
    current ??= open();
    const opening = current;
    const client = await opening;
    try {
      return await client.query(text, values);
    } catch (error) {
      // An answer of PostgreSQL carries its SQLSTATE; anything else (a read timeout, a broken socket)
      // leaves the connection in an unknown state: the next call opens a new one.
      if (!isSqlState((error as { code?: unknown }).code)) {
        if (current === opening) current = undefined;
        void client.end().catch(() => {});
      }
      throw error;
    }
  };
  let previous: Promise<unknown> = Promise.resolve();

  return {
    query(text, values) {
      const result = previous.then(() => run(text, values));
      previous = result.catch(() => {});
      return result;
    },
    async close() {
      closed = true;
      const opening = current;
      current = undefined;
      const client = await opening?.catch(() => undefined);
      await client?.end().catch(() => {});
    },
  };
}
