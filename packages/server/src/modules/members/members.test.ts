import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp';

type User = Awaited<ReturnType<typeof buildUser>>;

// Administrators could only create members with the CLI: nothing in the app invited, listed or
// deactivated them.
describe('member administration: invitations, list, deactivation, reset links', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let admin: TestClient;
  let editor: TestClient;
  let member: TestClient;
  let editorUser: User;
  let adminUser: User;
  let colleague: User;

  const linkIn = (text: string) => {
    const match = /\/(de_DE|en_GB)\/reset_password\?user_id=(\d+)&hash=([\w-]+)(&invite=1)?/.exec(text);
    if (!match) throw new Error(`no link in: ${text}`);
    return { lang: match[1], userId: Number(match[2]), hash: match[3]!, invite: Boolean(match[4]) };
  };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    adminUser = await buildAdmin(t.db);
    admin = await signedIn(t, adminUser);
    editorUser = await buildUser(t.db, { firstname: 'Uwe', lastname: 'Users', permissions: ['users'] });
    editor = await signedIn(t, editorUser);
    colleague = await buildUser(t.db, {
      firstname: 'Carla',
      lastname: 'Colleague',
      email: 'carla@example.org',
    });
    member = await signedIn(t, colleague);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses everyone without superadmin or the users permission', async () => {
    expect((await member.get('/api/v2/members')).statusCode).toBe(403);
    const body = { email: 'x@example.org', firstname: 'X', lastname: 'Y', language: 'de_DE' };
    expect((await member.post('/api/v2/members/invitations', body)).statusCode).toBe(403);
    expect((await member.post(`/api/v2/members/${colleague.id}/deactivate`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/v2/members')).statusCode).toBe(401);
  });

  it('invites a member by email: a single-use link sets the password, then they sign in', async () => {
    const invited = await editor.post('/api/v2/members/invitations', {
      email: 'Nora.Neu@Example.org',
      firstname: 'Nora',
      lastname: 'Neu',
      language: 'en_GB',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      email: 'nora.neu@example.org',
      username: 'nora.neu',
      status: 'invited',
    });
    const mail = await smtp.waitForMail('nora.neu@example.org');
    expect(mail.subject).toContain('invitation');
    expect(mail.text).toContain('nora.neu');
    const link = linkIn(mail.text);
    expect(link).toMatchObject({ lang: 'en_GB', userId: invited.json().id, invite: true });

    // No password yet: nobody signs in as the invitee.
    const guest = new TestClient(t.app);
    expect((await guest.post('/api/v2/auth/login', { username: 'nora.neu', password: '' })).statusCode).toBe(
      400,
    );
    const body = {
      user_id: link.userId,
      hash: link.hash,
      new_password: testPassword,
      new_password_confirm: testPassword,
    };
    expect((await guest.post('/api/v2/auth/reset_password', body)).statusCode).toBe(200);
    // Single use.
    expect((await guest.post('/api/v2/auth/reset_password', body)).statusCode).toBe(400);
    await guest.login('nora.neu', testPassword);
    const list = (await admin.get('/api/v2/members', { query: { query: 'nora' } })).json();
    expect(list.results).toEqual([expect.objectContaining({ username: 'nora.neu', status: 'active' })]);
  });

  it('refuses a malformed invitation or member id with 400', async () => {
    const good = { email: 'new@example.org', firstname: 'N', lastname: 'M', language: 'de_DE' };
    for (const body of [
      { ...good, email: 'not-an-address' },
      { ...good, language: 'xx_XX' },
      { email: good.email },
    ]) {
      expect((await admin.post('/api/v2/members/invitations', body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect((await admin.post('/api/v2/members/abc/deactivate')).statusCode).toBe(400);
  });

  it('refuses an address that is taken', async () => {
    const taken = await admin.post('/api/v2/members/invitations', {
      email: 'carla@example.org',
      firstname: 'C',
      lastname: 'C',
      language: 'de_DE',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].code).toBe('email_taken');
  });

  it('deactivates a member (signed out, no sign-in, not listed) and reactivates them', async () => {
    const directory = async () =>
      ((await admin.get('/api/v2/users', { query: { query: 'Carla' } })).json().results as unknown[]).length;
    expect(await directory()).toBe(1);
    const off = await editor.post(`/api/v2/members/${colleague.id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe('deactivated');
    expect((await member.get('/api/v2/activities')).statusCode).toBe(401);
    const again = new TestClient(t.app);
    // The right password learns that the account is deactivated; a wrong one learns nothing.
    const refused = await again.post('/api/v2/auth/login', {
      username: colleague.username,
      password: testPassword,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('account_deactivated');
    expect(again.jar.has('plaza_session')).toBe(false);
    const guessed = await again.post('/api/v2/auth/login', {
      username: colleague.username,
      password: 'a wrong password',
    });
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().errors[0].code).toBe('invalid_credentials');
    expect(await directory()).toBe(0);
    expect((await admin.post(`/api/v2/members/${colleague.id}/reset_password`)).statusCode).toBe(403);

    const on = await admin.post(`/api/v2/members/${colleague.id}/reactivate`);
    expect(on.json().status).toBe('active');
    await again.login(colleague.username, testPassword);
    expect(await directory()).toBe(1);
  });

  it('never deactivates oneself, and a superadmin only by a superadmin', async () => {
    expect((await editor.post(`/api/v2/members/${editorUser.id}/deactivate`)).statusCode).toBe(403);
    const boss = await buildAdmin(t.db);
    expect((await editor.post(`/api/v2/members/${boss.id}/deactivate`)).statusCode).toBe(403);
    expect((await admin.post(`/api/v2/members/${boss.id}/deactivate`)).statusCode).toBe(200);
    expect((await admin.post('/api/v2/members/999999/deactivate')).statusCode).toBe(404);
  });

  it("sets another account's permissions (superadmins only, never their own), audited with who did it", async () => {
    const grantee = await buildUser(t.db, { firstname: 'Greta', lastname: 'Granted' });
    const granteeClient = await signedIn(t, grantee);
    const url = `/api/v2/members/${grantee.id}/permissions`;
    const body = { permissions: ['jobs', 'shop', 'jobs'] };
    expect((await new TestClient(t.app).put(url, body)).statusCode).toBe(401);
    expect((await granteeClient.put(url, body)).statusCode).toBe(403);
    expect((await editor.put(url, body)).statusCode).toBe(403);
    expect(
      (await admin.put(`/api/v2/members/${adminUser.id}/permissions`, { permissions: [] })).statusCode,
    ).toBe(403);
    expect((await admin.put(url, { permissions: ['owner'] })).statusCode).toBe(400);
    expect((await admin.put('/api/v2/members/999999/permissions', body)).statusCode).toBe(404);

    const granted = await admin.put(url, body);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ id: grantee.id, permissions: ['jobs', 'shop'] });
    const session = (await granteeClient.get('/api/v2/auth/is_authenticated')).json().session;
    expect(session.user.permissions).toEqual(['jobs', 'shop']);
    const audit = (await admin.get('/api/v2/admin/audit?action=member.permissions')).json().results[0];
    expect(audit).toMatchObject({
      actor: { id: adminUser.id },
      resource_id: String(grantee.id),
      before: { permissions: [] },
      after: { permissions: ['jobs', 'shop'] },
    });
    expect((await admin.put(url, { permissions: [] })).json().permissions).toEqual([]);
  });

  it('mails a member a link to set a new password', async () => {
    const sent = await editor.post(`/api/v2/members/${colleague.id}/reset_password`);
    expect(sent.statusCode).toBe(200);
    const mail = await smtp.waitForMail('carla@example.org');
    expect(linkIn(mail.text)).toMatchObject({ userId: colleague.id, invite: false });
  });
});
