import type { AdminPage, PageDraftInput } from '@plaza/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createTestApp } from './app';
import { TestClient } from './client';
import { buildAdmin, buildUser, testPassword } from './factories';

/** A minimal PDF file. */
export const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A small PNG picture. */
export function png(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/**
 * The readers and editors of the CMS page tests (src/modules/pages/page-*.test.ts): a visitor, a member
 * (position "Koch"), a superadmin and a users administrator, each with a client, and `create`, which stores a
 * new page as the superadmin. Each test file builds them on its own database.
 */
export async function pageAdminFixture() {
  const t = await createTestApp();

  async function signedIn(user: { username: string }) {
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    return client;
  }

  async function create(draft: PageDraftInput): Promise<AdminPage> {
    const response = await admin.post('/api/v2/admin/pages', draft);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const visitor = new TestClient(t.app);
  const someone = await buildUser(t.db, {}, { position: 'Koch' });
  const memberId = someone.id;
  const member = await signedIn(someone);
  const admin = await signedIn(await buildAdmin(t.db));
  const usersAdmin = await signedIn(await buildUser(t.db, { permissions: ['users'] }));
  return { t, visitor, member, admin, usersAdmin, memberId, signedIn, create };
}

export type PageAdminFixture = Awaited<ReturnType<typeof pageAdminFixture>>;
