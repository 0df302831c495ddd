import type { DataExport } from '@plaza/contract';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  chatAttachments,
  chatMessages,
  dataExports,
  files,
  locationReviews,
  locations,
  orders,
  postFiles,
  posts,
  sessions,
  userAddresses,
  users,
} from '../../../src/db/schema';
import { readObject } from '../../../src/platform/storage';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildGroup, buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { uploadFiles } from '../../../test/multipart';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp';
import { removeExpiredExports } from '.';

type Person = Awaited<ReturnType<typeof buildUser>>;

/** Asks until the export is no longer being prepared (the worker runs in the background). */
async function settled(client: TestClient, path: string): Promise<DataExport> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await client.get(path);
    expect(response.statusCode, response.body).toBe(200);
    const current = response.json().export as DataExport;
    if (current.state !== 'requested' && current.state !== 'running') return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export was never prepared');
}

/** The zip's entries: JSON files parsed, other files as bytes. */
function readZip(body: Buffer): {
  json: Record<string, unknown>;
  bytes: Record<string, Uint8Array>;
  text: string;
} {
  const entries = unzipSync(new Uint8Array(body));
  const json: Record<string, unknown> = {};
  const bytes: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(entries)) {
    if (name.endsWith('.json')) json[name] = JSON.parse(strFromU8(data));
    else bytes[name] = data;
  }
  return { json, bytes, text: JSON.stringify(json) };
}

describe('personal data: export and deletion', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let png: Buffer;
  let max: Person;
  let ole: Person;
  let maxClient: TestClient;
  let oleClient: TestClient;
  let maxPostId: number;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    max = await buildUser(t.db, { firstname: 'Max', lastname: 'Exporter' });
    ole = await buildUser(t.db, { firstname: 'Ole', lastname: 'Private' });
    maxClient = await signedIn(t, max);
    oleClient = await signedIn(t, ole);
    const group = await buildGroup(t.db, { admins: [max], members: [ole] });

    const file = (
      await uploadFiles(maxClient, '/api/v2/posts/file', { data: png, filename: 'holiday.png' })
    ).json();
    const post = await maxClient.post('/api/v2/posts', {
      description: '<p>Max writes about the summer party</p>',
      group_id: group.id,
      files: [file.id],
    });
    expect(post.statusCode, post.body).toBe(201);
    maxPostId = post.json().item_id;
    const olePost = await oleClient.post('/api/v2/posts', {
      description: '<p>Ole shares a secret recipe</p>',
      group_id: group.id,
    });
    expect(olePost.statusCode, olePost.body).toBe(201);
    const comment = await maxClient.put('/api/v2/comments', {
      type: 'post',
      id: olePost.json().item_id,
      text: 'Max comments on the recipe',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(
      (await maxClient.put('/api/v2/likes', { type: 'post', id: olePost.json().item_id, like: true }))
        .statusCode,
    ).toBe(200);

    const conversation = await maxClient.get('/api/v2/messages/new_direct_message_conversation', {
      query: { user_ids: ole.id },
    });
    expect(conversation.statusCode, conversation.body).toBe(200);
    const conversationId = conversation.json().conversation_id;
    const sent = await maxClient.post('/api/v2/messages/create', {
      message: { recipient: conversationId, text: 'Max says hello to Ole', client_id: 'client-max-0001' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const reply = await oleClient.post('/api/v2/messages/create', {
      message: { recipient: conversationId, text: 'Ole answers privately', client_id: 'client-ole-0001' },
    });
    expect(reply.statusCode, reply.body).toBe(200);

    // What the API has no quick call for is set up in the database: Ole's address, reviews, an order.
    await t.db.insert(userAddresses).values({
      user_id: ole.id,
      type: 'invoice_address',
      firstname: 'Ole',
      lastname: 'Private',
      address: 'Geheimweg',
      house_number: '7',
      zip: '20095',
      city: 'Hamburg',
    });
    const [location] = await t.db.insert(locations).values({ name: 'Werk Nord' }).returning();
    await t.db.insert(locationReviews).values([
      {
        location_id: location!.id,
        user_id: max.id,
        year: 2026,
        overall: 8,
        recommend: true,
        comment: 'Max likes the canteen',
      },
      {
        location_id: location!.id,
        user_id: ole.id,
        year: 2026,
        overall: 3,
        recommend: false,
        comment: 'Ole dislikes the shifts',
      },
    ]);
    await t.db.insert(orders).values({
      number: 'PZ-4711',
      user_id: max.id,
      locale: 'de_DE',
      payment_method: 'invoice',
      currency: 'EUR',
      subtotal: 1000,
      total: 1000,
      tax: [{ rate: 1900, amount: 160 }],
      invoice_address: { firstname: 'Max', lastname: 'Exporter', city: 'Berlin' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses anonymous callers, other members and unknown ones', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.post('/api/v2/me/data_export')).statusCode).toBe(401);
    expect((await visitor.get('/api/v2/me/data_export')).statusCode).toBe(401);
    expect((await visitor.post(`/api/v2/members/${max.id}/data_export`)).statusCode).toBe(401);
    expect((await visitor.get(`/api/v2/members/${max.id}/data_export`)).statusCode).toBe(401);
    expect((await visitor.get('/api/v2/data_exports/1/download')).statusCode).toBe(401);
    // A plain member may not ask for (or look at) another member's export.
    expect((await oleClient.post(`/api/v2/members/${max.id}/data_export`)).statusCode).toBe(403);
    expect((await oleClient.get(`/api/v2/members/${max.id}/data_export`)).statusCode).toBe(403);
    expect((await oleClient.post('/api/v2/members/999999/data_export')).statusCode).toBe(404);
    // A users-permission holder administers members, but a superadmin's data only a superadmin asks for.
    const editor = await signedIn(t, await buildUser(t.db, { permissions: ['users'] }));
    const superadmin = await buildAdmin(t.db);
    expect((await editor.post(`/api/v2/members/${superadmin.id}/data_export`)).statusCode).toBe(403);
    const rows = await t.db.select().from(dataExports).where(eq(dataExports.member_id, superadmin.id));
    expect(rows).toEqual([]);
  });

  it("prepares the member's zip in the background, mails the link, and lets only them download it", async () => {
    const asked = await maxClient.post('/api/v2/me/data_export');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ member_id: max.id, download_path: null });
    // Asking again while it is open returns the same request.
    const again = await maxClient.post('/api/v2/me/data_export');
    expect([200, 202]).toContain(again.statusCode);
    expect(again.json().id).toBe(asked.json().id);

    const ready = await settled(maxClient, '/api/v2/me/data_export');
    expect(ready.state).toBe('ready');
    expect(ready.download_path).toBe(`/api/v2/data_exports/${ready.id}/download`);
    const mail = await smtp.waitForMail(max.email);
    expect(mail.text).toContain(`http://plaza.test/api/v2/data_exports/${ready.id}/download`);
    expect(mail.subject).toContain('Herunterladen');

    // Only the asker downloads it: another member and a visitor learn nothing about it.
    expect((await oleClient.get(ready.download_path!)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(ready.download_path!)).statusCode).toBe(401);

    const download = await maxClient.get(ready.download_path!);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain('attachment');
    const zip = readZip(download.rawPayload);

    const profile = zip.json['profile.json'] as Record<string, unknown>;
    expect(profile).toMatchObject({ id: max.id, email: max.email, firstname: 'Max' });
    expect(profile).not.toHaveProperty('password_hash');
    expect(JSON.stringify(zip.json['posts.json'])).toContain('summer party');
    expect(JSON.stringify(zip.json['comments.json'])).toContain('Max comments on the recipe');
    expect(zip.json['likes.json']).toHaveLength(1);
    const messages = zip.json['chat_messages.json'] as { text: string }[];
    expect(messages.map((m) => m.text)).toEqual(['Max says hello to Ole']);
    const conversations = zip.json['conversations.json'] as {
      participants: { member_id: number; name: string }[];
    }[];
    expect(conversations[0]!.participants).toContainEqual({ member_id: ole.id, name: 'Ole Private' });
    expect(JSON.stringify(zip.json['orders.json'])).toContain('PZ-4711');
    const reviews = zip.json['reviews.json'] as Record<string, unknown>[];
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ comment: 'Max likes the canteen', location: 'Werk Nord' });
    expect(JSON.stringify(zip.json['groups.json'])).toContain('"role":"admin"');

    // The post's file as stored (uploads keep images re-encoded), byte for byte, named in post_files.json.
    const listed = zip.json['post_files.json'] as { file: string; name: string }[];
    expect(listed).toHaveLength(1);
    const [postFile] = await t.db.select().from(postFiles).where(eq(postFiles.post_id, maxPostId));
    const stored = await readObject(t.storage, postFile!.path);
    expect(stored?.length).toBeGreaterThan(0);
    expect(Buffer.from(zip.bytes[listed[0]!.file]!)).toEqual(stored);

    // Nothing private of Ole: their reply, their post, their review, their address, their email.
    for (const secret of [
      'Ole answers privately',
      'secret recipe',
      'Ole dislikes the shifts',
      'Geheimweg',
      ole.email,
    ]) {
      expect(zip.text).not.toContain(secret);
    }

    const audit = await t.db
      .select({ action: auditEvents.action, actor: auditEvents.actor_id })
      .from(auditEvents)
      .where(and(eq(auditEvents.resource_type, 'member'), eq(auditEvents.resource_id, String(max.id))));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'member.data_export', actor: max.id },
        { action: 'member.data_download', actor: max.id },
      ]),
    );
  });

  it('lets an administrator ask for a member’s export, mailed to and downloaded by the administrator only', async () => {
    const adminUser = await buildUser(t.db, { permissions: ['users'], selected_language: 'en_GB' });
    const admin = await signedIn(t, adminUser);
    const asked = await admin.post(`/api/v2/members/${ole.id}/data_export`);
    expect(asked.statusCode, asked.body).toBe(202);
    const ready = await settled(admin, `/api/v2/members/${ole.id}/data_export`);
    expect(ready.state).toBe('ready');
    const mail = await smtp.waitForMail(adminUser.email);
    expect(mail.subject).toContain('ready to download');
    expect(mail.text).toContain('Ole Private');
    expect(smtp.messages.filter((m) => m.to.includes(ole.email.toLowerCase()))).toEqual([]);
    // The member's own status shows nothing of the administrator's request, and they cannot download it.
    expect((await oleClient.get('/api/v2/me/data_export')).json()).toEqual({ export: null });
    expect((await oleClient.get(ready.download_path!)).statusCode).toBe(404);
    const zip = readZip((await admin.get(ready.download_path!)).rawPayload);
    expect((zip.json['chat_messages.json'] as { text: string }[]).map((m) => m.text)).toEqual([
      'Ole answers privately',
    ]);
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.data_export'), eq(auditEvents.resource_id, String(ole.id))));
    expect(row?.actor_id).toBe(adminUser.id);
  });

  it('refuses the download once expired, and housekeeping removes the zip from the store', async () => {
    const [row] = await t.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.member_id, max.id), eq(dataExports.state, 'ready')));
    expect(await t.storage.get(row!.path!)).not.toBeNull();
    await t.db
      .update(dataExports)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(dataExports.id, row!.id));
    expect((await maxClient.get(`/api/v2/data_exports/${row!.id}/download`)).statusCode).toBe(410);
    expect((await maxClient.get('/api/v2/me/data_export')).json().export).toMatchObject({
      state: 'expired',
      download_path: null,
    });
    const expired = await removeExpiredExports({ db: t.db, storage: t.storage }, new Date());
    expect(expired.removed).toBe(1);
    await expired.removeFiles();
    expect(await t.storage.get(row!.path!)).toBeNull();
    const [after] = await t.db.select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(after).toMatchObject({ state: 'expired', path: null });
  });

  it('deletes a member: content removed or anonymised as documented, sessions ended, files gone from the store', async () => {
    // Max gets a fresh export, a group file and a chat attachment before leaving.
    await maxClient.post('/api/v2/me/data_export');
    const exported = await settled(maxClient, '/api/v2/me/data_export');
    const [exportRow] = await t.db.select().from(dataExports).where(eq(dataExports.id, exported.id));
    const [group] = await t.db
      .execute(sql`select group_id as id from group_memberships where user_id = ${max.id}`)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    await t.storage.put('files/privacy-test-group-file', Buffer.from('group file bytes'));
    await t.db.insert(files).values({
      group_id: group!.id,
      uploader_id: max.id,
      name: 'minutes.txt',
      mime_type: 'text/plain',
      size: 16,
      path: 'files/privacy-test-group-file',
    });
    const [message] = await t.db.select().from(chatMessages).where(eq(chatMessages.sender_id, max.id));
    await t.storage.put('files/privacy-test-chat-file', Buffer.from('chat file bytes'));
    await t.db.insert(chatAttachments).values({
      message_id: message!.id,
      name: 'note.txt',
      mime_type: 'text/plain',
      size: 15,
      path: 'files/privacy-test-chat-file',
    });
    const [postFile] = await t.db.select().from(postFiles).where(eq(postFiles.post_id, maxPostId));
    expect(await t.storage.get(postFile!.path)).not.toBeNull();

    // A plain member may not delete Max; a users-permission holder may not delete a superadmin.
    expect((await oleClient.delete(`/api/v2/users/${max.id}`)).statusCode).toBe(403);
    const editor = await signedIn(t, await buildUser(t.db, { permissions: ['users'] }));
    const superadmin = await buildAdmin(t.db);
    expect((await editor.delete(`/api/v2/users/${superadmin.id}`)).statusCode).toBe(403);
    expect((await editor.get(`/api/v2/users/${superadmin.id}`)).json()).toMatchObject({ deletable: false });

    const removed = await editor.delete(`/api/v2/users/${max.id}`);
    expect(removed.statusCode, removed.body).toBe(200);

    expect(await t.db.select().from(users).where(eq(users.id, max.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.user_id, max.id))).toEqual([]);
    expect((await maxClient.get('/api/v2/me/data_export')).statusCode).toBe(401);
    // Posts they authored go with their files; their comments and likes go.
    expect(await t.db.select().from(posts).where(eq(posts.id, maxPostId))).toEqual([]);
    expect(await t.db.select().from(postFiles).where(eq(postFiles.id, postFile!.id))).toEqual([]);
    expect(await t.storage.get(postFile!.path)).toBeNull();
    const left = await t.db.execute(
      sql`select (select count(*)::int from comments where author_id = ${max.id}) as comments,
        (select count(*)::int from likes where user_id = ${max.id}) as likes,
        (select count(*)::int from files where uploader_id = ${max.id} or path = 'files/privacy-test-group-file') as files`,
    );
    expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({ comments: 0, likes: 0, files: 0 });
    expect(await t.storage.get('files/privacy-test-group-file')).toBeNull();
    // Chat messages stay for Ole without a sender; their attachment is gone, row and bytes.
    const [kept] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, message!.id));
    expect(kept).toMatchObject({ sender_id: null, text: 'Max says hello to Ole' });
    expect(
      await t.db.select().from(chatAttachments).where(eq(chatAttachments.message_id, message!.id)),
    ).toEqual([]);
    expect(await t.storage.get('files/privacy-test-chat-file')).toBeNull();
    // The order stays for the books without the account; the review stays, anonymous.
    const [order] = await t.db.select().from(orders).where(eq(orders.number, 'PZ-4711'));
    expect(order?.user_id).toBeNull();
    const reviews = await t.db
      .select()
      .from(locationReviews)
      .where(eq(locationReviews.comment, 'Max likes the canteen'));
    expect(reviews.map((r) => r.user_id)).toEqual([null]);
    // The exports of Max are gone, rows and zips.
    expect(await t.db.select().from(dataExports).where(eq(dataExports.member_id, max.id))).toEqual([]);
    expect(await t.storage.get(exportRow!.path!)).toBeNull();

    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.delete'), eq(auditEvents.resource_id, String(max.id))));
    expect(audit?.before).toMatchObject({ email: max.email });
  });
});
