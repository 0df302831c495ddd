import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/execute-rows';
import { forgetSettingsDocuments } from '../src/modules/settings';
import { watchProcessFailures } from './outage';
import { expectDatabaseBusy, type LimitedApp, requirePostgres, sleepPath, startLimitedApp } from './overload';

requirePostgres('statement-timeout.postgres.test.ts');

/** DB_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement past the limit, and the call gets a 503. */
describe('statement timeout', () => {
  const processFailures = watchProcessFailures();
  let s: LimitedApp;

  beforeAll(async () => {
    s = await startLimitedApp({ statementTimeoutMs: 300, poolMax: 4, poolQueueMax: 10 });
    processFailures.start();
  });

  afterAll(async () => {
    processFailures.stop();
    await s?.close();
  });

  it('cancels a slow statement: 503 database_busy with Retry-After, one warning, no error; the next call works', async () => {
    expectDatabaseBusy(await s.t.app.inject({ method: 'GET', url: `${sleepPath}?seconds=5` }));

    const warnings = s.logs.lines.filter(
      (line) => line.msg === 'request failed: database busy (statement timeout)',
    );
    expect(warnings).toEqual([
      expect.objectContaining({ level: 40, url: `${sleepPath}?seconds=5`, reason: 'statement_timeout' }),
    ]);
    expect(s.logs.lines.filter((line) => line.level >= 50)).toEqual([]);
    expect((await s.t.app.inject({ method: 'GET', url: `${sleepPath}?seconds=0` })).statusCode).toBe(200);
    expect(processFailures.failures).toEqual([]);
  });

  it('holds for a real endpoint too: GET settings behind a table lock answers 503, then 200 once the lock goes', async () => {
    let unlock!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const lock = s.direct.db.transaction(async (tx) => {
      await tx.execute(sql`lock table app_settings in access exclusive mode`);
      locked();
      await new Promise<void>((resolve) => {
        unlock = resolve;
      });
    });
    await isLocked;
    // What the app's start read is kept briefly: this call must reach the database.
    forgetSettingsDocuments(s.database.db);
    expectDatabaseBusy(await s.t.app.inject({ method: 'GET', url: '/api/v2/settings' }));
    unlock();
    await lock;
    expect((await s.t.app.inject({ method: 'GET', url: '/api/v2/settings' })).statusCode).toBe(200);
    expect(s.logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it("is the pool's only: a database opened without limits (the CLI's, migrations) has none", async () => {
    const show = sql`select current_setting('statement_timeout') as value`;
    expect(await executeRows(s.database.db, show)).toEqual([{ value: '300ms' }]);
    expect(await executeRows(s.direct.db, show)).toEqual([{ value: '0' }]);
  });
});
