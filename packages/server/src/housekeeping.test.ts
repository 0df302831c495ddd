import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { postPath } from '@plaza/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { buildGroup, buildUser } from '../test/factories';
import { buildArticle } from '../test/post-helpers';
import {
  activities,
  emailConfirmations,
  groupMemberships,
  groups,
  housekeepingRuns,
  images,
  pages,
  passwordResets,
  postFiles,
  posts,
  rateLimits,
  sessions,
  topics,
  users,
} from './db/schema';
import {
  housekeepingJobs,
  unattachedUploadMaxAgeSeconds,
  unfinishedWriteMaxAgeSeconds,
} from './housekeeping';
import { activityTarget, recordActivity } from './modules/activities/service';
import { rateLimiter } from './platform/rate-limit';
import { createScheduler, firstLookMs, type Job, type JobLog } from './platform/scheduler';

const hour = 3600 * 1000;
const day = 24 * hour;

/** A log that keeps what it is given. */
function memoryLog() {
  const lines: Array<{ level: 'info' | 'warn' | 'error'; details: object; message: string }> = [];
  const log: JobLog = {
    info: (details, message) => lines.push({ level: 'info', details, message }),
    warn: (details, message) => lines.push({ level: 'warn', details, message }),
    error: (details, message) => lines.push({ level: 'error', details, message }),
  };
  return { log, lines };
}

describe('housekeeping jobs', () => {
  let t: TestApp;
  // Two days after the rows below are written: what they get by default is two days old.
  let now: Date;
  let memberId: number;

  /** Runs every housekeeping job at `at` (its work, then its after-commit step); what each removed. */
  async function runJobs(at: Date) {
    const removed: Record<string, number> = {};
    for (const job of housekeepingJobs({ storage: t.storage })) {
      const outcome = await job.run({ db: t.db, now: at });
      await outcome.afterCommit?.();
      removed[job.name] = outcome.removed;
    }
    return removed;
  }

  /** A stored upload: its file under DATA_DIR/uploads. */
  function storedFile(relative: string) {
    const absolute = path.join(t.config.dataDir, 'uploads', relative);
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, 'x');
    return { relative, exists: () => existsSync(absolute) };
  }

  let imageSequence = 0;
  async function image(values: Partial<typeof images.$inferInsert> = {}) {
    imageSequence += 1;
    const shown = storedFile(`images/housekeeping-${imageSequence}.webp`);
    const original = storedFile(`originals/housekeeping-${imageSequence}.webp`);
    const [row] = await t.db
      .insert(images)
      .values({
        owner_id: memberId,
        original_path: original.relative,
        original_width: 10,
        original_height: 10,
        path: shown.relative,
        width: 10,
        height: 10,
        ...values,
      })
      .returning();
    return {
      id: row!.id,
      filesExist: () => shown.exists() && original.exists(),
      filesGone: () => !shown.exists() && !original.exists(),
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    now = new Date(Date.now() + 2 * day);
    memberId = (await buildUser(t.db)).id;
  });
  afterAll(() => t.close());

  it('removes expired sessions, reset and confirmation links, keeping current ones', async () => {
    await t.db.insert(sessions).values([
      { id: 'hk-expired', user_id: memberId, expires_at: new Date(now.getTime() - 60_000) },
      { id: 'hk-current', user_id: memberId, expires_at: new Date(now.getTime() + hour) },
    ]);
    await t.db.insert(passwordResets).values([
      { user_id: memberId, token_hash: 'hk-expired', expires_at: new Date(now.getTime() - 60_000) },
      { user_id: memberId, token_hash: 'hk-current', expires_at: new Date(now.getTime() + hour) },
    ]);

    await t.db.insert(emailConfirmations).values([
      { user_id: memberId, token_hash: 'hk-expired', expires_at: new Date(now.getTime() - 60_000) },
      { user_id: memberId, token_hash: 'hk-current', expires_at: new Date(now.getTime() + hour) },
    ]);

    await runJobs(now);

    const left = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.user_id, memberId));
    expect(left.map((row) => row.id)).toEqual(['hk-current']);
    const links = await t.db.select().from(passwordResets).where(eq(passwordResets.user_id, memberId));
    expect(links.map((row) => row.token_hash)).toEqual(['hk-current']);
    const confirmations = await t.db
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.user_id, memberId));
    expect(confirmations.map((row) => row.token_hash)).toEqual(['hk-current']);
  });

  it('removes rate-limit counters whose window has ended, keeping open ones and sign-in counts not yet forgotten', async () => {
    const at = (moment: Date) => rateLimiter({ db: t.db, clock: () => moment });
    await at(new Date(now.getTime() - 2 * hour)).count('searches', 'member:old');
    await at(now).count('searches', 'member:current');
    // A sign-in pair that has to wait: its row outlives its wait.
    for (let i = 0; i < 8; i += 1)
      await at(now)
        .signInAttempt('someone', '10.50.0.1')
        .catch(() => {});

    await runJobs(new Date(now.getTime() + 30_000));

    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).not.toContain('searches:member:old');
    expect(keys).toContain('searches:member:current');
    expect(keys.some((key) => key.startsWith('signIn:') && key.endsWith(':ip:10.50.0.1'))).toBe(true);
  });

  it('removes uploads nothing took up after a day, with their files, and keeps the rest', async () => {
    const loose = await image();
    const young = await image({ created_at: new Date(now.getTime() - hour) });
    const onGroup = await image();
    await buildGroup(t.db, { image_id: onGroup.id });
    const onTopic = await image();
    const [topicGroup] = await t.db
      .insert(groups)
      .values({ name: 'Topics', description: '', type: 'open' })
      .returning();
    await t.db
      .insert(topics)
      .values({ group_id: topicGroup!.id, name: 'T', description: '', image_id: onTopic.id });
    const avatar = await image();
    await t.db.update(users).set({ image_id: avatar.id }).where(eq(users.id, memberId));
    const onArticle = await image();
    await buildArticle(t.db, { image_id: onArticle.id });

    const [post] = await t.db
      .insert(posts)
      .values({ author_id: memberId, description: '<p>x</p>' })
      .returning();
    const postFile = async (relative: string, values: Partial<typeof postFiles.$inferInsert> = {}) => {
      const file = storedFile(relative);
      const [row] = await t.db
        .insert(postFiles)
        .values({
          uploader_id: memberId,
          name: 'a.txt',
          mime_type: 'text/plain',
          size: 1,
          path: relative,
          ...values,
        })
        .returning();
      return { id: row!.id, ...file };
    };
    const unclaimed = await postFile('files/hk-unclaimed');
    const freshUpload = await postFile('files/hk-fresh', { created_at: new Date(now.getTime() - hour) });
    const claimed = await postFile('files/hk-claimed', { post_id: post!.id });

    const removed = await runJobs(now);
    expect(removed['unattached-uploads']).toBe(2);

    const imageIds = (await t.db.select({ id: images.id }).from(images)).map((row) => row.id);
    expect(imageIds).not.toContain(loose.id);
    expect(loose.filesGone()).toBe(true);
    for (const kept of [young, onGroup, onTopic, avatar, onArticle]) {
      expect(imageIds).toContain(kept.id);
      expect(kept.filesExist()).toBe(true);
    }
    const fileIds = (await t.db.select({ id: postFiles.id }).from(postFiles)).map((row) => row.id);
    expect(fileIds).not.toContain(unclaimed.id);
    expect(unclaimed.exists()).toBe(false);
    expect(fileIds).toEqual(expect.arrayContaining([freshUpload.id, claimed.id]));
    expect(freshUpload.exists() && claimed.exists()).toBe(true);

    // The young upload goes once it is a day old.
    await runJobs(new Date(now.getTime() + unattachedUploadMaxAgeSeconds * 1000 + 2 * hour));
    expect(await t.db.select().from(images).where(eq(images.id, young.id))).toEqual([]);
    expect(young.filesGone()).toBe(true);
  });

  it('removes the files of uploads whose writing was cut off, and keeps writes under way and stored files', async () => {
    const partial = (name: string, ageSeconds: number) => {
      const file = storedFile(`files/.${name}.0a1b2c3d.partial`);
      const written = new Date(now.getTime() - ageSeconds * 1000);
      utimesSync(path.join(t.config.dataDir, 'uploads', file.relative), written, written);
      return file;
    };
    const cutOff = partial('cut-off', unfinishedWriteMaxAgeSeconds + 60);
    const underWay = partial('under-way', 60);
    const stored = storedFile('files/stored-long-ago');

    const removed = await runJobs(now);
    expect(removed['unfinished-writes']).toBe(1);
    expect(cutOff.exists()).toBe(false);
    expect(underWay.exists()).toBe(true);
    expect(stored.exists()).toBe(true);
  });

  it('removes activities whose post, article, group, topic or membership is gone', async () => {
    const recipient = await buildUser(t.db);
    const [kept, gone] = await t.db
      .insert(posts)
      .values([
        { author_id: memberId, description: '<p>stays</p>' },
        { author_id: memberId, description: '<p>goes</p>' },
      ])
      .returning();
    const article = await buildArticle(t.db);
    const group = await buildGroup(t.db, { invited: [recipient] });
    const [membership] = await t.db
      .select()
      .from(groupMemberships)
      .where(eq(groupMemberships.group_id, group.id));
    const [topic] = await t.db
      .insert(topics)
      .values({ group_id: group.id, name: 'T', description: '' })
      .returning();
    const otherGroup = await buildGroup(t.db);

    const record = (url: string, extra: { membership?: { id: number; status: 'pending' } } = {}) =>
      recordActivity(t, { userId: recipient.id, type: 'other', text: url, url, ...extra });
    await record(postPath(kept!.id));
    await record(postPath(gone!.id));
    await record(`/news/${article.id}`);
    await record(`/groups/${group.id}/topics/${topic!.id}`);
    await record(`/groups/${otherGroup.id}`);
    await record('/groups', { membership: { id: membership!.id, status: 'pending' } });
    await record('/groups');

    await t.db.delete(posts).where(eq(posts.id, gone!.id));
    await t.db.delete(pages).where(eq(pages.id, article.id));
    await t.db.delete(topics).where(eq(topics.id, topic!.id));
    await t.db.delete(groups).where(inArray(groups.id, [otherGroup.id]));
    await t.db.delete(groupMemberships).where(eq(groupMemberships.id, membership!.id));

    await runJobs(now);

    const left = await t.db
      .select({ text: activities.text })
      .from(activities)
      .where(eq(activities.user_id, recipient.id));
    expect(left.map((row) => row.text).sort()).toEqual([postPath(kept!.id), '/groups'].sort());
  });
});

describe('activity targets', () => {
  it('reads what an activity is about from its address, else its membership', () => {
    expect(activityTarget({ url: '/news/post-12' })).toEqual({ target_type: 'post', target_id: 12 });
    expect(activityTarget({ url: '/news/7' })).toEqual({ target_type: 'page', target_id: 7 });
    expect(activityTarget({ url: '/groups/3/topics/9' })).toEqual({ target_type: 'topic', target_id: 9 });
    expect(activityTarget({ url: '/groups/3' })).toEqual({ target_type: 'group', target_id: 3 });
    expect(activityTarget({ url: '/groups', membership: { id: 5, status: 'pending' } })).toEqual({
      target_type: 'membership',
      target_id: 5,
    });
    expect(activityTarget({ url: '/groups' })).toBeNull();
    expect(activityTarget({ url: '/news/post-12/extra' })).toBeNull();
  });
});

describe('scheduler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  let jobSequence = 0;
  /** A job that counts its runs (optionally failing), under a name no other test uses. */
  function countingJob(fail = false) {
    jobSequence += 1;
    const job = {
      name: `test-job-${jobSequence}`,
      everySeconds: 3600,
      runs: 0,
      async run() {
        job.runs += 1;
        if (fail) throw new Error('the job broke');
        return { removed: 1 };
      },
    };
    return job;
  }

  it('runs a job on one instance per interval: a second instance skips it until it is due again', async () => {
    const job = countingJob();
    let now = new Date();
    const scheduler = (log: JobLog) =>
      createScheduler({ db: t.db, jobs: [job], log, clock: () => now, tickMs: hour });
    const first = scheduler(memoryLog().log);
    const second = scheduler(memoryLog().log);

    await Promise.all([first.runDue(), second.runDue()]);
    expect(job.runs).toBe(1);

    now = new Date(now.getTime() + 59 * 60_000);
    await second.runDue();
    await first.runDue();
    expect(job.runs).toBe(1);

    now = new Date(now.getTime() + 60_000);
    await second.runDue();
    await first.runDue();
    expect(job.runs).toBe(2);
    const [run] = await t.db.select().from(housekeepingRuns).where(eq(housekeepingRuns.job, job.name));
    expect(run!.last_run_at).toEqual(now);
  });

  it('logs a failing job, runs the others, and tries the failed one again at the next tick', async () => {
    const broken = countingJob(true);
    const fine = countingJob();
    const { log, lines } = memoryLog();
    const scheduler = createScheduler({ db: t.db, jobs: [broken, fine], log, tickMs: hour });

    await expect(scheduler.runDue()).resolves.toBeUndefined();
    expect(fine.runs).toBe(1);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'housekeeping job failed',
        details: expect.objectContaining({ job: broken.name }),
      }),
    );
    // The failed run was rolled back, claim included, so it is due again.
    await scheduler.runDue();
    expect(broken.runs).toBe(2);
    expect(fine.runs).toBe(1);
  });

  it('logs a job that fails because the database cannot be reached as a warning, not an error', async () => {
    const { log, lines } = memoryLog();
    const job: Job = {
      name: `test-job-unreachable-${jobSequence++}`,
      everySeconds: 3600,
      run: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
    };
    await createScheduler({ db: t.db, jobs: [job], log, tickMs: hour }).runDue();
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'housekeeping job failed: database unavailable'],
    ]);
  });

  it('looks for due jobs soon after the start, then on its interval, and stops with no timer left behind', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const job = countingJob();
    let later = 0;
    const clock = () => new Date(Date.now() + later);
    const scheduler = createScheduler({ db: t.db, jobs: [job], log: memoryLog().log, tickMs: hour, clock });
    scheduler.start();
    expect(vi.getTimerCount()).toBe(2);
    expect(job.runs).toBe(0);

    // The first look, not a whole interval after the start.
    vi.advanceTimersByTime(firstLookMs);
    await vi.waitFor(() => expect(job.runs).toBe(1));
    // An hour on, the interval's look finds the job due again.
    later = hour;
    vi.advanceTimersByTime(hour - firstLookMs);
    await vi.waitFor(() => expect(job.runs).toBe(2));
    await scheduler.stop();
    expect(vi.getTimerCount()).toBe(0);
    later = 3 * hour;
    vi.advanceTimersByTime(2 * hour);
    await scheduler.stop();
    expect(job.runs).toBe(2);
  });

  it('names each housekeeping job once (the name keys its lock and its run record)', () => {
    const names = housekeepingJobs({ storage: t.storage }).map((job: Job) => job.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
