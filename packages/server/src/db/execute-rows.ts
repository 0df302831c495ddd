import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Runs a raw SQL query and returns its rows, whichever driver (both answer `{ rows }`). */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] };
  return result.rows ?? [];
}
