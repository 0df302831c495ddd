import type { Db } from '../../db/client';
import { locationsRepo } from './repo';

/** Every location as `{ id, name }` by name, for other modules' choices (the jobs administration). */
export async function locationOptions(db: Db): Promise<{ id: number; name: string }[]> {
  return (await locationsRepo.all(db)).map((row) => ({ id: row.id, name: row.name }));
}
