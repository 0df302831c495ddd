// `npm run bench:data -- --scale N [--seed S] [--database-url URL | --pglite DIR]`: a large community in
// Plaza's own tables for the benchmarks (bench/run.ts). Drops and creates the database (default
// postgres://postgres@127.0.0.1:5432/plaza_bench), migrates it with the server's code, fills it area by
// area (bench/data/areas.ts) in one transaction, and prints each table's rows and seconds and the
// accounts to sign in with. The same seed and scale give the same data; times are relative to the
// start of the day of the run.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../packages/server/src/db/client';
import { benchPassword, memberUsername, superadminUsername } from './accounts';
import { areas } from './areas';
import { fillContext } from './context';
import { createIndexes, dropSecondaryIndexes } from './indexes';
import { memberCount } from './people';
import { defaultBenchDatabaseUrl, recreatePglite, recreatePostgres } from './target';

/** PGlite runs in WebAssembly memory: it takes the small scales only. */
const maxPgliteScale = 0.05;

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    pglite: { type: 'string' },
  },
});
const scale = Number(values.scale);
const seed = Number(values.seed);
if (!(scale > 0) || !Number.isInteger(seed)) {
  console.error('--scale must be a positive number and --seed an integer');
  process.exit(2);
}
if (values.pglite && scale > maxPgliteScale) {
  console.error(`--pglite takes scales up to ${maxPgliteScale}`);
  process.exit(2);
}

const started = performance.now();
const databaseUrl = values.pglite ? undefined : (values['database-url'] ?? defaultBenchDatabaseUrl);
if (databaseUrl) await recreatePostgres(databaseUrl);
else recreatePglite(values.pglite!);
const database = await openDatabase({ databaseUrl, dataDir: values.pglite });
console.log(`Generating scale ${scale}, seed ${seed} into ${databaseUrl ?? `PGlite in ${values.pglite}`}`);
try {
  await database.migrate();
  const now = new Date();
  now.setUTCHours(0, 0, 0, 0);
  await database.db.transaction(async (tx) => {
    // Triggers (the reaction counters, the foreign key checks) stay off for the bulk load: the rows are
    // made consistent by construction, and the counters are computed once at the end (derived data).
    await tx.execute(sql`set local session_replication_role = replica`);
    if (database.driver === 'postgres') {
      await tx.execute(sql`set local work_mem = '256MB'`);
      // Building the GIN index of a million posts' search documents (migration 0012) at the end.
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    }
    const ctx = fillContext(tx, { scale, seed, now });
    const indexes = await dropSecondaryIndexes(ctx);
    for (const area of areas) {
      console.log(`${area.name}:`);
      await area.fill(ctx);
    }
    console.log('indexes:');
    await createIndexes(ctx, indexes);
  });
  const vacuumStarted = performance.now();
  await database.db.execute(sql`vacuum analyze`);
  console.log(`vacuum analyze: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
  // The generated gigabytes are written out now: left to the checkpointer, they were written during the
  // first minutes of the bench, and the scenarios measured then (a cold start, the searches) took two to
  // five times as long.
  const checkpointStarted = performance.now();
  await database.db.execute(sql`checkpoint`);
  console.log(`checkpoint: ${((performance.now() - checkpointStarted) / 1000).toFixed(1)} s`);
  const members = memberCount(fillContext(database.db, { scale, seed, now }));
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  console.log(`Superadmin: ${superadminUsername} / ${benchPassword}`);
  console.log(`Members: ${memberUsername(1)} ... ${memberUsername(members)} / ${benchPassword}`);
} finally {
  await database.close();
}
