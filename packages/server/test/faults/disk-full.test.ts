import { spawnSync } from 'node:child_process';
import { errorResponseSchema } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAttachments, files, postFiles } from '../../src/db/schema';
import { localUploadsRoot } from '../../src/platform/storage';
import { createTestApp, type TestApp } from '../app';
import { TestClient } from '../client';
import { buildGroup, buildUser, testPassword } from '../factories';
import { uploadFiles } from '../multipart';
import { filesBelow, pdf } from './files';
import { Tally } from './workload';

/** The largest file this process may write while the disk is "full" (bytes). */
const limitBytes = 64 * 1024;

/**
 * Sets this process's soft limit on the size of a file it writes (RLIMIT_FSIZE, through util-linux
 * `prlimit`): a write beyond it fails with a real EFBIG from the kernel, as a full disk fails with ENOSPC.
 * The hard limit stays as it is, so the soft one can be raised back.
 */
function limitFileSize(bytes: number | 'unlimited') {
  const result = spawnSync('prlimit', [`--pid=${process.pid}`, `--fsize=${bytes}:`], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`prlimit failed: ${result.error?.message ?? result.stderr}`);
}

/**
 * The disk under the local file store fills up while members upload: a post's file, a group's file and a
 * chat attachment. Each answers 507 `insufficient_storage` in the contract's error shape; no row points
 * at a missing or partial file and no partial file is left; once there is room again, the same uploads
 * work. A small upload that fits still works while the big ones are refused.
 */
describe('disk full under the file store', () => {
  let t: TestApp;
  let member: TestClient;
  let groupId: number;
  let conversation: number;

  beforeAll(async () => {
    t = await createTestApp();
    const [user, other] = [await buildUser(t.db), await buildUser(t.db)];
    groupId = (await buildGroup(t.db, { admins: [user!], members: [other!] })).id;
    member = new TestClient(t.app);
    await member.login(user!.username, testPassword);
    const started = await member.get(
      `/api/v2/messages/new_direct_message_conversation?user_ids=${other!.id}`,
    );
    conversation = (started.json() as { conversation_id: number }).conversation_id;
  });
  afterAll(async () => {
    limitFileSize('unlimited');
    await t?.close();
  });

  it('answers 507 insufficient_storage, leaves nothing corrupt, and works again once there is room', async () => {
    const full = (response: { statusCode: number; body: string }) => {
      if (response.statusCode !== 507) return false;
      const body = errorResponseSchema.safeParse(JSON.parse(response.body));
      return body.success && body.data.errors[0]?.code === 'insufficient_storage';
    };
    const tally = new Tally(full);
    const uploads = (size: number, tag: string) => [
      () => uploadFiles(member, '/api/v2/posts/file', { data: pdf(size), filename: `post-${tag}.pdf` }),
      () =>
        uploadFiles(member, `/api/v2/groups/${groupId}/files`, {
          data: pdf(size),
          filename: `group-${tag}.pdf`,
        }),
      () =>
        member.post('/api/v2/messages/create', {
          message: {
            recipient: conversation,
            text: '',
            attachment: {
              type: 'application/pdf',
              name: `chat-${tag}.pdf`,
              content: `data:application/pdf;base64,${pdf(size).toString('base64')}`,
            },
          },
        }),
    ];

    limitFileSize(limitBytes);
    const refused: Array<{ statusCode: number; body: string } | null> = [];
    const fitting: Array<{ statusCode: number } | null> = [];
    try {
      for (const upload of uploads(4 * limitBytes, 'big'))
        refused.push(await tally.count('big upload', upload()));
      for (const upload of uploads(limitBytes / 4, 'small'))
        fitting.push(await tally.count('small upload', upload()));
    } finally {
      limitFileSize('unlimited');
    }
    expect(refused.map((response) => response?.statusCode)).toEqual([507, 507, 507]);
    expect(refused.every((response) => response && full(response))).toBe(true);
    expect(fitting.every((response) => response && response.statusCode < 300)).toBe(true);

    // Room again: the same uploads are stored.
    const again: Array<{ statusCode: number } | null> = [];
    for (const upload of uploads(4 * limitBytes, 'again'))
      again.push(await tally.count('upload again', upload()));

    // Nothing corrupt: every row's file is there with its size, and there is no file without a row.
    const rows = [
      ...(await t.db.select({ path: postFiles.path, size: postFiles.size }).from(postFiles)),
      ...(await t.db.select({ path: files.path, size: files.size }).from(files)),
      ...(await t.db
        .select({ path: chatAttachments.path, size: chatAttachments.size })
        .from(chatAttachments)),
    ];
    const onDisk = filesBelow(localUploadsRoot(t.config.dataDir));
    const broken = rows.filter((row) => onDisk.get(row.path) !== row.size).map((row) => row.path);
    const stray = [...onDisk.keys()].filter((key) => !rows.some((row) => row.path === key));
    console.log(
      `fault disk-full: ${JSON.stringify(
        tally.report({
          rows: rows.length,
          filesOnDisk: onDisk.size,
          lost: broken.length,
          stray: stray.length,
        }),
      )}`,
    );
    expect(tally.unexpected).toEqual([]);
    expect(tally.failedCleanly).toBe(3);
    expect(again.every((response) => response && response.statusCode < 300)).toBe(true);
    expect(rows).toHaveLength(6);
    expect(broken).toEqual([]);
    expect(stray).toEqual([]);
  });
});
