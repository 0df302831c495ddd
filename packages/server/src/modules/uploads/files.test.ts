import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { limits } from '@plaza/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildGroup, buildUser, testPassword } from '../../../test/factories';
import { uploadFiles } from '../../../test/multipart';
import { topics } from '../../db/schema';

type Member = Awaited<ReturnType<typeof buildUser>>;

const pdf = (marker = '') =>
  Buffer.from(
    `%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <</Type /Catalog>> endobj\n% ${marker}\ntrailer <<>>\n%%EOF\n`,
  );

describe('group and topic files', () => {
  let t: TestApp;
  let admin: Member;
  let member: Member;
  let outsider: Member;
  const clients: Record<'admin' | 'member' | 'outsider', TestClient> = {} as never;
  let openGroupId: number;
  let privateGroupId: number;
  let topicId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildUser(t.db);
    member = await buildUser(t.db, { firstname: 'Mia', lastname: 'Member' });
    outsider = await buildUser(t.db);
    for (const [key, user] of Object.entries({ admin, member, outsider })) {
      const client = new TestClient(t.app);
      await client.login(user.username, testPassword);
      clients[key as keyof typeof clients] = client;
    }
    openGroupId = (await buildGroup(t.db, { type: 'open', admins: [admin], members: [member] })).id;
    privateGroupId = (await buildGroup(t.db, { type: 'private', admins: [admin], members: [member] })).id;
    const [topic] = await t.db
      .insert(topics)
      .values({ group_id: openGroupId, name: 'Plans', description: 'd', author_id: admin.id })
      .returning();
    topicId = topic!.id;
  });
  afterAll(() => t.close());

  const storedFiles = () => {
    const folder = path.join(t.config.dataDir, 'uploads', 'files');
    return existsSync(folder) ? readdirSync(folder) : [];
  };

  it('refuses anonymous callers on every file route', async () => {
    const anonymous = new TestClient(t.app);
    const file = { data: pdf(), filename: 'a.pdf' };
    const calls = [
      () => anonymous.get(`/api/v2/groups/${openGroupId}/files`),
      () => uploadFiles(anonymous, `/api/v2/groups/${openGroupId}/files`, file),
      () => anonymous.delete(`/api/v2/groups/${openGroupId}/files/1`),
      () => anonymous.get(`/api/v2/topics/${topicId}/files`),
      () => uploadFiles(anonymous, `/api/v2/topics/${topicId}/files`, file),
      () => anonymous.delete(`/api/v2/topics/${topicId}/files/1`),
      () => anonymous.get('/api/v2/files/1'),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].code).toBe('unauthenticated');
    }
    expect(storedFiles()).toEqual([]);
  });

  it('stores a PDF under a random name and downloads it as an attachment', async () => {
    const data = pdf('minutes');
    const response = await uploadFiles(clients.member, `/api/v2/groups/${openGroupId}/files`, {
      data,
      filename: 'Protokoll – März; final (2).pdf',
      type: 'text/html',
    });
    expect(response.statusCode).toBe(201);
    const file = response.json();
    expect(file).toMatchObject({
      type: 'application/pdf',
      name: 'Protokoll – März; final (2).pdf',
      size: data.length,
      uploader: { id: member.id, combined_name: 'Mia Member' },
      can_delete: true,
      link: `/api/v2/files/${file.id}`,
    });
    expect(storedFiles()).toHaveLength(1);
    expect(storedFiles()[0]).toMatch(/^[0-9a-f]{32}$/);

    const download = await clients.outsider.get(file.link);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Protokoll _ M_rz_ final (2).pdf"; filename*=UTF-8''Protokoll%20%E2%80%93%20M%C3%A4rz%3B%20final%20%282%29.pdf`,
    );
    expect(download.rawPayload.equals(data)).toBe(true);
  });

  it('lists files newest first with paging and can_delete per viewer', async () => {
    const groupId = (await buildGroup(t.db, { admins: [admin], members: [member] })).id;
    for (const name of ['one.pdf', 'two.pdf', 'three.pdf']) {
      const client = name === 'two.pdf' ? clients.admin : clients.member;
      const response = await uploadFiles(client, `/api/v2/groups/${groupId}/files`, {
        data: pdf(name),
        filename: name,
      });
      expect(response.statusCode).toBe(201);
    }
    const first = await clients.member.get(`/api/v2/groups/${groupId}/files`, { query: { per_page: 2 } });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.results.map((f: { name: string }) => f.name)).toEqual(['three.pdf', 'two.pdf']);
    expect(body.results.map((f: { can_delete: boolean }) => f.can_delete)).toEqual([true, false]);
    expect(body.pagination).toMatchObject({ total: 3, next: 2, last: 2 });
    const second = await clients.member.get(`/api/v2/groups/${groupId}/files`, {
      query: { page: 2, per_page: 2 },
    });
    expect(second.json().results.map((f: { name: string }) => f.name)).toEqual(['one.pdf']);

    const asAdmin = (await clients.admin.get(`/api/v2/groups/${groupId}/files`)).json();
    expect(asAdmin.results.every((f: { can_delete: boolean }) => f.can_delete)).toBe(true);
    // An open group's files are readable by every member of the site, but not deletable.
    const asOutsider = (await clients.outsider.get(`/api/v2/groups/${groupId}/files`)).json();
    expect(asOutsider.results).toHaveLength(3);
    expect(asOutsider.results.some((f: { can_delete: boolean }) => f.can_delete)).toBe(false);
  });

  it('accepts images, text and CSV by content, and cleans the display name', async () => {
    const url = `/api/v2/groups/${openGroupId}/files`;
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const accepted = [
      { data: png, filename: 'C:\\Users\\me\\scan.pdf', type: 'image/png', name: 'scan.pdf' },
      {
        data: Buffer.from('Hallo Welt, grüße\n'),
        filename: 'notes.txt',
        type: 'text/plain',
        name: 'notes.txt',
      },
      { data: Buffer.from('a;b\n1;2\n'), filename: 'table.CSV', type: 'text/csv', name: 'table.CSV' },
      {
        data: pdf(),
        filename: `report\u202Egpj\u0007${'x'.repeat(300)}.pdf`,
        type: 'application/pdf',
        name: `reportgpj${'x'.repeat(187)}.pdf`,
      },
    ];
    for (const sample of accepted) {
      const response = await uploadFiles(clients.member, url, {
        data: sample.data,
        filename: sample.filename,
      });
      expect(response.statusCode, sample.name).toBe(201);
      expect(response.json(), sample.name).toMatchObject({ type: sample.type, name: sample.name });
    }
    const text = (await clients.member.get(`/api/v2/groups/${openGroupId}/files`)).json().results;
    const notes = text.find((f: { name: string }) => f.name === 'notes.txt');
    const download = await clients.member.get(notes.link);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses HTML, SVG, scripts, executables and binary text with 415, whatever the name', async () => {
    const url = `/api/v2/groups/${openGroupId}/files`;
    const before = storedFiles().length;
    const refused = [
      { filename: 'invoice.pdf', data: Buffer.from('<!doctype html><script>alert(1)</script>') },
      { filename: 'page.txt', data: Buffer.from('\n  <html><body>hi</body></html>') },
      { filename: 'logo.txt', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      { filename: 'run.txt', data: Buffer.from('#!/bin/sh\nrm -rf /\n') },
      { filename: 'page.html', data: Buffer.from('just words') },
      { filename: 'setup.pdf', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]) },
      {
        filename: 'tool.txt',
        data: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(60)]),
      },
      { filename: 'nul.txt', data: Buffer.from('text\u0000more') },
      { filename: 'latin1.csv', data: Buffer.from([0x61, 0x3b, 0xe4, 0x0a]) },
    ];
    for (const sample of refused) {
      const response = await uploadFiles(clients.member, url, { ...sample, type: 'application/pdf' });
      expect(response.statusCode, sample.filename).toBe(415);
      expect(response.json().errors[0].code).toBe('unsupported_media_type');
    }
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses an oversized, empty or fileless upload', async () => {
    const url = `/api/v2/groups/${openGroupId}/files`;
    const oversized = await uploadFiles(clients.member, url, {
      data: Buffer.alloc(limits.uploadMaxBytes + 1, 0x41),
      filename: 'big.txt',
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().errors[0].code).toBe('payload_too_large');
    expect(
      (await uploadFiles(clients.member, url, { data: Buffer.alloc(0), filename: 'e.txt' })).statusCode,
    ).toBe(400);
    expect((await uploadFiles(clients.member, url, [], { name: 'x' })).statusCode).toBe(400);
  });

  it('lets only members who may post upload: a non-member of an open group gets 403', async () => {
    const response = await uploadFiles(clients.outsider, `/api/v2/groups/${openGroupId}/files`, {
      data: pdf(),
      filename: 'a.pdf',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('forbidden');
    const topicUpload = await uploadFiles(clients.outsider, `/api/v2/topics/${topicId}/files`, {
      data: pdf(),
      filename: 'a.pdf',
    });
    expect(topicUpload.statusCode).toBe(403);
  });

  it('hides a private group’s files from non-members: list, upload and download are 404', async () => {
    const uploaded = await uploadFiles(clients.member, `/api/v2/groups/${privateGroupId}/files`, {
      data: pdf(),
      filename: 'secret.pdf',
    });
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json();
    expect((await clients.member.get(file.link)).statusCode).toBe(200);

    expect((await clients.outsider.get(`/api/v2/groups/${privateGroupId}/files`)).statusCode).toBe(404);
    expect((await clients.outsider.get(file.link)).statusCode).toBe(404);
    expect(
      (await clients.outsider.delete(`/api/v2/groups/${privateGroupId}/files/${file.id}`)).statusCode,
    ).toBe(404);
    const upload = await uploadFiles(clients.outsider, `/api/v2/groups/${privateGroupId}/files`, {
      data: pdf(),
      filename: 'a.pdf',
    });
    expect(upload.statusCode).toBe(404);
    expect((await clients.member.get('/api/v2/files/999999')).statusCode).toBe(404);
  });

  it('keeps an approval group’s files for its members (403 for others)', async () => {
    const groupId = (await buildGroup(t.db, { type: 'approval', admins: [admin] })).id;
    const file = (
      await uploadFiles(clients.admin, `/api/v2/groups/${groupId}/files`, { data: pdf(), filename: 'a.pdf' })
    ).json();
    expect((await clients.outsider.get(`/api/v2/groups/${groupId}/files`)).statusCode).toBe(403);
    expect((await clients.outsider.get(file.link)).statusCode).toBe(403);
  });

  it('deletes a file for its uploader or with delete permission, and refuses anyone else', async () => {
    const url = `/api/v2/groups/${openGroupId}/files`;
    const byAdmin = (await uploadFiles(clients.admin, url, { data: pdf('a'), filename: 'admin.pdf' })).json();
    const byMember = (
      await uploadFiles(clients.member, url, { data: pdf('m'), filename: 'member.pdf' })
    ).json();
    const count = storedFiles().length;

    const refused = await clients.member.delete(`${url}/${byAdmin.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('forbidden');
    expect((await clients.outsider.delete(`${url}/${byMember.id}`)).statusCode).toBe(403);

    expect((await clients.member.delete(`${url}/${byMember.id}`)).json()).toEqual({ success: true });
    expect((await clients.admin.delete(`${url}/${byAdmin.id}`)).statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(count - 2);
    expect((await clients.admin.get(byAdmin.link)).statusCode).toBe(404);
    expect((await clients.admin.delete(`${url}/${byAdmin.id}`)).statusCode).toBe(404);
  });

  it('keeps topic files apart from the group’s own files', async () => {
    const topicUrl = `/api/v2/topics/${topicId}/files`;
    const uploaded = await uploadFiles(clients.member, topicUrl, { data: pdf('t'), filename: 'topic.pdf' });
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json();
    expect(file.can_delete).toBe(true);

    const list = (await clients.admin.get(topicUrl)).json();
    expect(list.results.map((f: { name: string }) => f.name)).toEqual(['topic.pdf']);
    expect(list.results[0].can_delete).toBe(true);
    const groupList = (
      await clients.admin.get(`/api/v2/groups/${openGroupId}/files`, { query: { per_page: 100 } })
    )
      .json()
      .results.map((f: { id: number }) => f.id);
    expect(groupList).not.toContain(file.id);

    expect((await clients.outsider.get(file.link)).statusCode).toBe(200);
    expect((await clients.outsider.delete(`${topicUrl}/${file.id}`)).statusCode).toBe(403);
    // Through the group's route the topic's file does not exist.
    expect((await clients.admin.delete(`/api/v2/groups/${openGroupId}/files/${file.id}`)).statusCode).toBe(
      404,
    );
    expect((await clients.admin.delete(`${topicUrl}/${file.id}`)).statusCode).toBe(200);
  });
});
