/** A database handle (drizzle's, `db/client.ts`'s `Db`); generic so this file needs nothing of the client. */
type Handle = object;

/** What runs once the outermost transaction of a handle commits, and the database it was opened on. */
interface Pending {
  root: Handle;
  callbacks: Array<(root: Handle) => void>;
}

/** The transaction handles (drizzle's `tx`, also a savepoint's) under way, with what waits for their commit. */
const pending = new WeakMap<object, Pending>();

type Transaction = (work: (tx: Handle) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/**
 * Runs `work` with the database `db` belongs to once what `db` wrote is committed: at once outside a
 * transaction, after the commit of the outermost transaction inside one, never when it rolls back (a
 * savepoint rolled back drops what its statements asked for). Caches are kept per database handle and
 * dropped by the writes behind them (`platform/shared-memo.ts`, `platform/session-cache.ts`): a drop
 * inside a transaction reached only the transaction's own handle, and a drop before the commit let a
 * reader keep the old row again until the cache's time was up.
 */
export function afterCommit<D extends Handle>(db: D, work: (root: D) => void): void {
  const waiting = pending.get(db);
  if (waiting) waiting.callbacks.push(work as (root: Handle) => void);
  else work(db);
}

/**
 * Makes `db.transaction` (and every nested one) hold the `afterCommit` work of its statements until it
 * commits. `openDatabase` does it for the databases it opens.
 */
export function deferUntilCommit<D extends Handle>(db: D): D {
  wrapTransactions(db, db, undefined);
  return db;
}

function wrapTransactions(handle: Handle, root: Handle, parent: Pending | undefined): void {
  const target = handle as { transaction: Transaction };
  const original = target.transaction.bind(handle);
  target.transaction = async (work, config) => {
    const own: Pending = { root, callbacks: [] };
    const result = await original(async (tx) => {
      pending.set(tx, own);
      wrapTransactions(tx, root, own);
      return work(tx);
    }, config);
    // A savepoint released: its work waits for the transaction around it.
    if (parent) parent.callbacks.push(...own.callbacks);
    else runAll(root, own.callbacks);
    return result;
  };
}

/** Runs each callback even when one throws (a programming error), then throws the first error. */
function runAll(root: Handle, callbacks: Array<(root: Handle) => void>): void {
  let failure: { error: unknown } | undefined;
  for (const callback of callbacks) {
    try {
      callback(root);
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}
