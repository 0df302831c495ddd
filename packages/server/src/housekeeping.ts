import { adminLimits } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client';
import { removeOrphanActivities } from './modules/activities';
import { removeExpiredAudit } from './modules/audit';
import { removeExpiredResetLinks } from './modules/auth';
import { renewDueSubscriptions } from './modules/billing';
import { removeUnclaimedPostFiles } from './modules/posts';
import { removeExpiredExports } from './modules/privacy';
import { removeExpiredConfirmationLinks, removeUnconfirmedAccounts } from './modules/registration';
import { removeUnattachedImages } from './modules/uploads';
import type { Clock } from './platform/clock';
import { rateLimiter } from './platform/rate-limit';
import { createScheduler, type Job } from './platform/scheduler';
import { removeExpiredSessions } from './platform/session';
import type { ObjectStore } from './platform/storage';

const hour = 3600;
/** Uploads that nothing took up by this age are removed. */
export const unattachedUploadMaxAgeSeconds = 24 * hour;
/** A file being written that was last written to this long ago was cut off (the process was killed). */
export const unfinishedWriteMaxAgeSeconds = hour;

/**
 * The housekeeping jobs, each due once an hour across all instances: expired sessions and reset links,
 * rate-limit counters whose window ended, uploads never attached (images no group, topic, member or
 * article shows; post files no post claimed) older than a day with their files, and activities whose
 * post, article, group, topic or membership is gone; and the subscriptions due for renewal (billed
 * once per period, their mails after the commit); and accounts never confirmed after two weeks; and
 * audit entries older than the retention time (a bounded batch per run); and members' data exports
 * past their end (a bounded batch, their zips after the commit). Once a day, the files of uploads whose
 * writing was cut off (the store's `removeUnfinished`).
 */
export function housekeepingJobs({
  storage,
  auditRetentionDays = adminLimits.auditRetentionDaysDefault,
}: {
  storage: ObjectStore;
  auditRetentionDays?: number;
}): Job[] {
  return [
    {
      name: 'expired-sessions',
      everySeconds: hour,
      async run({ db, now }) {
        const sessions = await removeExpiredSessions(db, now);
        const resetLinks = await removeExpiredResetLinks(db, now);
        const confirmations = await removeExpiredConfirmationLinks(db, now);
        return { removed: sessions + resetLinks + confirmations };
      },
    },
    {
      name: 'ended-rate-limits',
      everySeconds: hour,
      run: async ({ db, now }) => ({ removed: await rateLimiter({ db }).removeEnded(now) }),
    },
    {
      name: 'unattached-uploads',
      everySeconds: hour,
      async run({ db, now }) {
        const before = new Date(now.getTime() - unattachedUploadMaxAgeSeconds * 1000);
        const images = await removeUnattachedImages({ db, storage }, before);
        const postFiles = await removeUnclaimedPostFiles({ db, storage }, before);
        return {
          removed: images.removed + postFiles.removed,
          async afterCommit() {
            await images.removeFiles();
            await postFiles.removeFiles();
          },
        };
      },
    },
    {
      name: 'subscription-renewals',
      everySeconds: hour,
      async run({ db, now }) {
        const renewals = await renewDueSubscriptions(db, now);
        return { removed: renewals.renewed + renewals.ended, afterCommit: renewals.afterCommit };
      },
    },
    {
      name: 'unconfirmed-accounts',
      everySeconds: hour,
      run: async ({ db, now }) => ({ removed: await removeUnconfirmedAccounts(db, now) }),
    },
    {
      name: 'audit-retention',
      everySeconds: hour,
      run: async ({ db, now }) => ({ removed: await removeExpiredAudit(db, now, auditRetentionDays) }),
    },
    {
      name: 'expired-data-exports',
      everySeconds: hour,
      async run({ db, now }) {
        const exports = await removeExpiredExports({ db, storage }, now);
        return { removed: exports.removed, afterCommit: exports.removeFiles };
      },
    },
    {
      name: 'unfinished-writes',
      everySeconds: 24 * hour,
      async run({ now }) {
        const before = new Date(now.getTime() - unfinishedWriteMaxAgeSeconds * 1000);
        return { removed: await storage.removeUnfinished(before) };
      },
    },
    {
      name: 'orphan-activities',
      everySeconds: hour,
      run: async ({ db }) => ({ removed: await removeOrphanActivities(db) }),
    },
  ];
}

/** Runs housekeeping while the app runs: started when it is ready, stopped (and waited for) when it closes. */
export function registerHousekeeping(
  app: FastifyInstance,
  deps: {
    db: Db;
    storage: ObjectStore;
    auditRetentionDays: number;
    /** How often this instance looks for due jobs (`HOUSEKEEPING_TICK_MS`); 0: never. */
    tickMs: number;
    clock?: Clock | undefined;
  },
): void {
  if (deps.tickMs === 0) return;
  const scheduler = createScheduler({
    db: deps.db,
    jobs: housekeepingJobs(deps),
    log: app.log,
    clock: deps.clock,
    tickMs: deps.tickMs,
    observe: app.metrics.jobRun,
  });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
}
