import type { EventEmitter } from 'node:events';
import pg from 'pg';

/** How long a cancel request may take to reach PostgreSQL before its connection is given up. */
const CANCEL_CONNECT_TIMEOUT_MS = 5_000;

/** What node-postgres keeps of a connection and does not declare in its types. */
interface ClientInternals {
  /** The backend's process id, from BackendKeyData. */
  processID: number | null;
  activeQuery: unknown;
  connection: EventEmitter & { stream: { destroy(): void } };
  cancel(target: pg.Client, query: unknown): void;
}

/** The process id of a connection's backend (from BackendKeyData). */
export function backendPid(client: pg.Client): number | null {
  return (client as unknown as ClientInternals).processID;
}

/**
 * Asks PostgreSQL to cancel what a connection's backend runs now, with the protocol's CancelRequest: a
 * short connection of its own (to the same server, `config`) carrying the backend's process id and the
 * secret key PostgreSQL sent it at start-up. Unlike `pg_cancel_backend`, it needs no SQL session, no
 * free connection and no privilege over other backends, and only this connection's holder knows the key.
 * Resolves once PostgreSQL has read the request (it closes that connection without an answer).
 */
export function cancelStatement(config: pg.ClientConfig, target: pg.Client): Promise<void> {
  const canceller = new pg.Client(config) as unknown as ClientInternals;
  const { connection } = canceller;
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.stream.destroy();
      reject(
        new Error(`The cancel request did not reach PostgreSQL within ${CANCEL_CONNECT_TIMEOUT_MS} ms.`),
      );
    }, CANCEL_CONNECT_TIMEOUT_MS).unref();
    connection.once('error', (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
    connection.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
    const internals = target as unknown as ClientInternals;
    canceller.cancel(target, internals.activeQuery);
  });
}
