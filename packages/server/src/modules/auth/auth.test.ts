import { cookies } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp';
import { passwordResets } from '../../db/schema';
import { rateLimitTable } from '../../platform/rate-limit';

describe('sign-in and session', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const errorOf = (response: { json(): unknown }) =>
    (response.json() as { errors: { code: string; field?: string }[] }).errors[0];

  it('tells an anonymous visitor where to sign in and hands out the CSRF cookie', async () => {
    const client = new TestClient(t.app);
    const response = await client.get('/api/v2/auth/is_authenticated', { headers: { 'x-locale': 'en_GB' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ isAuthenticated: false, redirect: '/en_GB/login' });
    expect(body.session).toMatchObject({
      status: 'anonymous',
      user: null,
      routes: [],
      selected_language: 'en_GB',
    });
    expect(body.session.settings.login_options.login_identifier).toBe('username');
    const csrf = response.cookies.find((cookie) => cookie.name === cookies.csrf);
    expect(csrf?.httpOnly).toBeFalsy();
  });

  it('signs in by username with an httpOnly Lax session cookie and a new session id each time', async () => {
    const user = await buildUser(t.db, { firstname: 'Anna', lastname: 'Schneider' });
    const client = new TestClient(t.app);
    const first = await client.post('/api/v2/auth/login', {
      username: user.username,
      password: testPassword,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      errors: [],
      status: 'ok',
      agb_nda_accepted: true,
      user: { id: user.id, username: user.username, firstname: 'Anna' },
      selected_language: 'de_DE',
    });
    expect(first.json().user).not.toHaveProperty('password_hash');
    const cookie = first.cookies.find((c) => c.name === cookies.session)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const oldToken = cookie.value;

    const session = (await client.get('/api/v2/auth/is_authenticated')).json();
    expect(session.isAuthenticated).toBe(true);
    expect(session.session.status).toBe('authenticated');
    expect(session.session.routes.length).toBeGreaterThan(0);

    await client.post('/api/v2/auth/login', { username: user.username, password: testPassword });
    expect(client.jar.get(cookies.session)).not.toBe(oldToken);
    const stale = new TestClient(t.app);
    stale.jar.set(cookies.session, oldToken);
    expect((await stale.get('/api/v2/menu')).statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const user = await buildUser(t.db);
    const client = new TestClient(t.app, '10.0.0.2');
    const wrong = await client.post('/api/v2/auth/login', {
      username: user.username,
      password: 'not the password',
    });
    const unknown = await client.post('/api/v2/auth/login', {
      username: 'nobody-here',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(errorOf(wrong)?.code).toBe('invalid_credentials');
  });

  it('refuses state-changing calls without the CSRF header or with a wrong one', async () => {
    const client = new TestClient(t.app);
    await client.get('/api/v2/auth/is_authenticated');
    const missing = await client.post(
      '/api/v2/auth/login',
      { username: 'x', password: 'y' },
      { withoutCsrf: true },
    );
    expect(missing.statusCode).toBe(403);
    expect(errorOf(missing)?.code).toBe('csrf_invalid');
    const wrong = await client.post(
      '/api/v2/auth/login',
      { username: 'x', password: 'y' },
      { withoutCsrf: true, headers: { 'x-csrf-token': 'forged' } },
    );
    expect(wrong.statusCode).toBe(403);
  });

  it('refuses anonymous callers on member endpoints', async () => {
    const client = new TestClient(t.app);
    const response = await client.get('/api/v2/menu');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)?.code).toBe('unauthenticated');
    const accept = await client.put('/api/v2/auth/accept_nda_agb', { user_id: 1 });
    expect(accept.statusCode).toBe(401);
  });

  it('limits failed sign-ins per IP address, whatever the account names', async () => {
    const attacker = new TestClient(t.app, '10.9.9.9');
    for (let i = 0; i < rateLimitTable.signInFailures.max; i++) {
      const response = await attacker.post('/api/v2/auth/login', {
        username: `guess${i}`,
        password: 'guess',
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await attacker.post('/api/v2/auth/login', { username: 'guess', password: 'guess' });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)?.code).toBe('rate_limited');
    const user = await buildUser(t.db);
    const other = new TestClient(t.app, '10.9.9.10');
    expect(
      (await other.post('/api/v2/auth/login', { username: user.username, password: testPassword }))
        .statusCode,
    ).toBe(200);
  });

  it('holds a member who has not accepted the terms until they accept for themself', async () => {
    const user = await buildUser(t.db, { agb_nda_accepted: false });
    const other = await buildUser(t.db);
    const client = new TestClient(t.app);
    const login = (await client.login(user.username, testPassword)) as { agb_nda_accepted: boolean };
    expect(login.agb_nda_accepted).toBe(false);
    expect((await client.get('/api/v2/auth/is_authenticated')).json().session.status).toBe('agb_pending');
    const blocked = await client.get('/api/v2/menu');
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked)?.code).toBe('agb_not_accepted');
    expect((await client.put('/api/v2/auth/accept_nda_agb', { user_id: other.id })).statusCode).toBe(403);
    const accepted = await client.put('/api/v2/auth/accept_nda_agb', { user_id: user.id });
    expect(accepted.json()).toEqual({ agb_nda_accepted: true });
    expect((await client.get('/api/v2/menu')).statusCode).toBe(200);
  });

  it('signs in by email when the settings say so', async () => {
    const admin = await buildAdmin(t.db);
    const user = await buildUser(t.db);
    const adminClient = new TestClient(t.app);
    await adminClient.login(admin.username, testPassword);
    const changed = await adminClient.put('/api/v2/settings', {
      login_options: { login_identifier: 'email' },
    });
    expect(changed.statusCode).toBe(200);
    try {
      const client = new TestClient(t.app);
      const byEmail = await client.post('/api/v2/auth/login', {
        email: user.email.toUpperCase(),
        password: testPassword,
      });
      expect(byEmail.statusCode).toBe(200);
      const byName = await client.post('/api/v2/auth/login', {
        email: user.username,
        password: testPassword,
      });
      expect(byName.statusCode).toBe(401);
    } finally {
      await adminClient.put('/api/v2/settings', { login_options: { login_identifier: 'username' } });
    }
  });

  it('mails a single-use reset link; the answer never reveals whether the address exists', async () => {
    const user = await buildUser(t.db);
    const other = new TestClient(t.app);
    await other.login(user.username, testPassword);
    const client = new TestClient(t.app, '10.0.2.1');
    const known = await client.post('/api/v2/auth/forgot_password', { email: user.email });
    const unknown = await client.post('/api/v2/auth/forgot_password', { email: 'nobody@example.org' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());

    const mail = await smtp.waitForMail(user.email);
    const link = mail.text.match(/http:\/\/plaza\.test\/de_DE\/reset_password\?user_id=(\d+)&hash=([\w-]+)/);
    expect(link).not.toBeNull();
    const [, userId, hash] = link!;
    expect(Number(userId)).toBe(user.id);

    const body = {
      user_id: Number(userId),
      hash,
      new_password: 'brand new secret',
      new_password_confirm: 'brand new secret',
    };
    const reset = await client.post('/api/v2/auth/reset_password', body);
    expect(reset.statusCode).toBe(200);
    expect((await other.get('/api/v2/menu')).statusCode).toBe(401);
    const reused = await client.post('/api/v2/auth/reset_password', body);
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused)?.code).toBe('reset_link_invalid');
    expect(
      (
        await new TestClient(t.app).post('/api/v2/auth/login', {
          username: user.username,
          password: 'brand new secret',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses an expired reset link and a forged one', async () => {
    const user = await buildUser(t.db);
    const client = new TestClient(t.app, '10.0.2.2');
    await client.post('/api/v2/auth/forgot_password', { email: user.email });
    const mail = await smtp.waitForMail(user.email);
    const hash = mail.text.match(/hash=([\w-]+)/)![1]!;
    await t.db
      .update(passwordResets)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.user_id, user.id));
    const expired = await client.post('/api/v2/auth/reset_password', {
      user_id: user.id,
      hash,
      new_password: 'brand new secret',
      new_password_confirm: 'brand new secret',
    });
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired)?.code).toBe('reset_link_invalid');
    const forged = await client.post('/api/v2/auth/reset_password', {
      user_id: user.id,
      hash: 'a'.repeat(43),
      new_password: 'brand new secret',
      new_password_confirm: 'brand new secret',
    });
    expect(errorOf(forged)?.code).toBe('reset_link_invalid');
  });

  it('changes a password with the current one, ending other sessions but keeping this one', async () => {
    const user = await buildUser(t.db);
    const elsewhere = new TestClient(t.app);
    await elsewhere.login(user.username, testPassword);
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);

    const wrong = await client.post('/api/v2/auth/reset_password', {
      current_password: 'not it',
      new_password: 'another secret',
      new_password_confirm: 'another secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: 'current_password_wrong', field: 'current_password' });

    const mismatch = await client.post('/api/v2/auth/reset_password', {
      current_password: testPassword,
      new_password: 'another secret',
      new_password_confirm: 'another secreT',
    });
    expect(errorOf(mismatch)).toMatchObject({ code: 'passwords_not_equal', field: 'new_password_confirm' });

    const changed = await client.post('/api/v2/auth/reset_password', {
      current_password: testPassword,
      new_password: 'another secret',
      new_password_confirm: 'another secret',
    });
    expect(changed.statusCode).toBe(200);
    expect((await elsewhere.get('/api/v2/menu')).statusCode).toBe(401);
    expect((await client.get('/api/v2/menu')).statusCode).toBe(200);

    const anonymous = await new TestClient(t.app).post('/api/v2/auth/reset_password', {
      current_password: 'another secret',
      new_password: 'third secret!',
      new_password_confirm: 'third secret!',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad input at each field with 400 naming the field', async () => {
    const client = new TestClient(t.app, '10.0.3.1');
    const cases: Array<[string, unknown, string]> = [
      ['/api/v2/auth/login', { username: 'anna' }, 'password'],
      ['/api/v2/auth/login', { password: 'x' }, 'username'],
      ['/api/v2/auth/forgot_password', { email: 'not-an-email' }, 'email'],
      [
        '/api/v2/auth/reset_password',
        { user_id: 1, hash: 'h'.repeat(20), new_password: 'short', new_password_confirm: 'short' },
        'new_password',
      ],
    ];
    for (const [url, body, field] of cases) {
      const response = await client.post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      const errors = response.json().errors as { code: string; field?: string }[];
      expect(errors.every((error) => error.code === 'validation_failed')).toBe(true);
      expect(errors.map((error) => error.field ?? error.code).join(' '), url).toContain(field);
    }
  });

  it('signs out: the session ends and its cookie is cleared', async () => {
    const user = await buildUser(t.db);
    const client = new TestClient(t.app);
    await client.login(user.username, testPassword);
    const token = client.jar.get(cookies.session)!;
    const response = await client.get('/api/v2/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(client.jar.has(cookies.session)).toBe(false);
    const replay = new TestClient(t.app);
    replay.jar.set(cookies.session, token);
    expect((await replay.get('/api/v2/auth/is_authenticated')).json().isAuthenticated).toBe(false);
  });
});
