import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, buildUser, testPassword } from '../../../test/factories';
import {
  idTokenTtlSeconds,
  type LocalProvider,
  otherClient,
  providerClient,
  startLocalProvider,
} from '../../../test/oidc-provider';
import { auditEvents, ssoIdentities, users } from '../../db/schema';
import { setSettingByPath } from '../settings';

const callback = 'http://plaza.test/api/v2/auth/mocs/callback';

describe('single sign-on through a local OpenID provider', () => {
  let t: TestApp;
  let provider: LocalProvider;
  let admin: TestClient;
  /** How far the app's clock runs ahead of the system's (seconds). */
  let clockAhead = 0;

  const oidcProvider = (overrides: Record<string, unknown> = {}) => ({
    kind: 'oidc',
    enabled: true,
    issuer: provider.issuer,
    client_id: providerClient.client_id,
    scopes: ['openid', 'email', 'profile'],
    claims: {
      username: 'preferred_username',
      firstname: 'given_name',
      lastname: 'family_name',
      email: 'email',
    },
    allowed_email_domains: ['example.org', 'corp.example'],
    create_members: true,
    label: { de_DE: 'Firmenkonto', en_GB: 'Company account' },
    ...overrides,
  });
  const configure = (providers: unknown[], localPasswords = true) =>
    admin.put('/api/v2/admin/sso', { providers, local_passwords: localPasswords });

  beforeAll(async () => {
    provider = await startLocalProvider(callback);
    t = await createTestApp({ clock: () => new Date(Date.now() + clockAhead * 1000) });
    const superadmin = await buildAdmin(t.db);
    admin = new TestClient(t.app);
    await admin.login(superadmin.username, testPassword);
    const saved = await configure([oidcProvider({ client_secret: providerClient.client_secret })]);
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const account = (sub: string, email: string, verified = true) => {
    provider.accounts.set(sub, {
      sub,
      email,
      email_verified: verified,
      preferred_username: sub,
      given_name: 'Ada',
      family_name: `Sub ${sub}`,
    });
  };

  /** Starts the sign-in in `client` and returns the provider's answer (the callback URL). */
  const atProvider = async (
    client: TestClient,
    sub: string,
    redirect = '/en_GB/groups',
    edit?: (url: URL) => void,
  ) => {
    const start = await client.get(
      `/api/v2/auth/mocs?provider=oidc&redirect=${encodeURIComponent(redirect)}`,
    );
    expect(start.statusCode).toBe(302);
    const authorization = new URL(start.headers.location as string);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    edit?.(authorization);
    return provider.authorize(authorization.href, sub);
  };
  const back = (client: TestClient, answer: URL) => client.get(`${answer.pathname}${answer.search}`);
  const signIn = async (client: TestClient, sub: string, redirect?: string) =>
    back(client, await atProvider(client, sub, redirect));
  const sessionOf = async (client: TestClient) =>
    (await client.get('/api/v2/auth/is_authenticated')).json().session;
  const refusedWith = (
    response: { statusCode: number; headers: Record<string, unknown> },
    code: string,
    lang = 'en_GB',
  ) => {
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/${lang}/login?sso_error=${code}`);
  };

  it('creates the member at the first sign-in, then signs the linked member in again', async () => {
    account('first-timer', 'First.Timer@example.org');
    const client = new TestClient(t.app);
    const response = await signIn(client, 'first-timer');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en_GB/groups');
    const session = await sessionOf(client);
    // A new member accepts the terms like any other.
    expect(session.status).toBe('agb_pending');
    expect(session.user).toMatchObject({
      username: 'first-timer',
      firstname: 'Ada',
      lastname: 'Sub first-timer',
    });
    const [created] = await t.db.select().from(users).where(eq(users.username, 'first-timer'));
    expect(created?.email).toBe('first.timer@example.org');

    // Later, with another address at the provider: the link decides, not the address.
    account('first-timer', 'renamed@corp.example');
    const again = new TestClient(t.app);
    expect((await signIn(again, 'first-timer')).headers.location).toBe('/en_GB/groups');
    expect((await sessionOf(again)).user.id).toBe(created?.id);
  });

  it('links an existing member by a verified address only', async () => {
    const member = await buildUser(t.db, { email: 'verified.member@example.org' });
    account('verified-sub', 'verified.member@example.org', true);
    const client = new TestClient(t.app);
    expect((await signIn(client, 'verified-sub')).headers.location).toBe('/en_GB/groups');
    expect((await sessionOf(client)).user.id).toBe(member.id);
    const links = await t.db.select().from(ssoIdentities).where(eq(ssoIdentities.user_id, member.id));
    expect(links).toMatchObject([{ provider: 'oidc', subject: 'verified-sub' }]);

    const victim = await buildUser(t.db, { email: 'victim@example.org' });
    account('unverified-sub', 'victim@example.org', false);
    const intruder = new TestClient(t.app);
    refusedWith(await signIn(intruder, 'unverified-sub'), 'sso_no_account');
    expect((await sessionOf(intruder)).status).toBe('anonymous');
    expect(await t.db.select().from(ssoIdentities).where(eq(ssoIdentities.user_id, victim.id))).toEqual([]);
  });

  it('refuses a forged state and an answer brought to another browser', async () => {
    account('forger', 'forger@example.org');
    const client = new TestClient(t.app);
    const answer = await atProvider(client, 'forger');
    const forged = new URL(answer);
    forged.searchParams.set('state', 'a-state-of-my-own-making');
    refusedWith(await back(client, forged), 'sso_failed');
    expect((await sessionOf(client)).status).toBe('anonymous');

    // The victim's browser never started this sign-in: its code is worth nothing there.
    const otherBrowser = new TestClient(t.app);
    const stolen = await atProvider(new TestClient(t.app), 'forger');
    refusedWith(await back(otherBrowser, stolen), 'sso_failed', 'de_DE');
    expect((await sessionOf(otherBrowser)).status).toBe('anonymous');
  });

  it('refuses a replayed code', async () => {
    account('replayer', 'replayer@example.org');
    const client = new TestClient(t.app);
    const answer = await atProvider(client, 'replayer');
    expect((await back(client, answer)).headers.location).toBe('/en_GB/groups');
    // The same answer again: the sign-in it belonged to is used up.
    const replay = new TestClient(t.app);
    replay.jar.set('plaza_sso', answer.searchParams.get('state') as string);
    refusedWith(await back(replay, answer), 'sso_failed', 'de_DE');
    // The old code under a fresh sign-in's state: the provider refuses a used code.
    const fresh = new TestClient(t.app);
    const start = await fresh.get('/api/v2/auth/mocs?provider=oidc&redirect=/en_GB');
    const state = new URL(start.headers.location as string).searchParams.get('state') as string;
    const reused = new URL(answer);
    reused.searchParams.set('state', state);
    refusedWith(await back(fresh, reused), 'sso_failed');
    expect((await sessionOf(fresh)).status).toBe('anonymous');
  });

  it('refuses a code and ID token issued to another client', async () => {
    account('audience', 'audience@example.org');
    const client = new TestClient(t.app);
    const answer = await atProvider(client, 'audience', '/en_GB', (url) =>
      url.searchParams.set('client_id', otherClient.client_id),
    );
    expect(answer.searchParams.get('code')).toBeTruthy();
    refusedWith(await back(client, answer), 'sso_failed');
    expect((await sessionOf(client)).status).toBe('anonymous');
  });

  it('refuses an expired ID token', async () => {
    account('late', 'late@example.org');
    const client = new TestClient(t.app);
    const answer = await atProvider(client, 'late');
    // Past the token's lifetime and the client's tolerance (30 s), within the sign-in's own ten minutes.
    clockAhead = idTokenTtlSeconds + 240;
    try {
      refusedWith(await back(client, answer), 'sso_failed');
    } finally {
      clockAhead = 0;
    }
    expect((await sessionOf(client)).status).toBe('anonymous');
  });

  it('refuses an address of a domain not allowed, and unknown people when members are not created', async () => {
    account('outsider', 'someone@elsewhere.example');
    refusedWith(await signIn(new TestClient(t.app), 'outsider'), 'sso_domain_not_allowed');

    expect((await configure([oidcProvider({ create_members: false })])).statusCode).toBe(200);
    try {
      account('stranger', 'stranger@example.org');
      refusedWith(await signIn(new TestClient(t.app), 'stranger'), 'sso_no_account');
      expect(await t.db.select().from(users).where(eq(users.username, 'stranger'))).toEqual([]);
    } finally {
      await configure([oidcProvider()]);
    }
  });

  it('sends a start without an enabled provider, and off-site redirects, nowhere else', async () => {
    const google = await new TestClient(t.app).get('/api/v2/auth/mocs?provider=google&redirect=/en_GB');
    refusedWith(google, 'sso_failed');
    account('wanderer', 'wanderer@example.org');
    for (const redirect of ['//evil.example/x', 'https://evil.example/', '/api/v2/auth/logout']) {
      const response = await signIn(new TestClient(t.app), 'wanderer', redirect);
      expect(response.headers.location).toBe('/de_DE');
    }
  });

  it('offers the providers on the sign-in page; with passwords off only superadmins use theirs', async () => {
    const visitor = new TestClient(t.app);
    let session = await sessionOf(visitor);
    expect(session.signup_config).toMatchObject({
      social: [],
      oidc: { url: '/api/v2/auth/mocs?provider=oidc', label: { en_GB: 'Company account' } },
      local_passwords: true,
    });
    expect(session.settings.single_sign_on).toBe(false);

    const google = oidcProvider({ kind: 'google', client_secret: providerClient.client_secret });
    expect((await configure([oidcProvider(), google], false)).statusCode).toBe(200);
    await setSettingByPath(t.db, 'signup_configuration.active_login_types', ['google', 'apple']);
    try {
      session = await sessionOf(new TestClient(t.app));
      expect(session.signup_config).toMatchObject({
        social: [{ type: 'google', url: '/api/v2/auth/mocs?provider=google' }],
        local_passwords: false,
      });
      expect(session.settings.single_sign_on).toBe(true);

      const member = await buildUser(t.db);
      const refused = await new TestClient(t.app).post('/api/v2/auth/login', {
        username: member.username,
        password: testPassword,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].code).toBe('password_sign_in_disabled');
      const superadmin = await buildAdmin(t.db);
      await new TestClient(t.app).login(superadmin.username, testPassword);
    } finally {
      expect((await configure([oidcProvider()], true)).statusCode).toBe(200);
      await setSettingByPath(t.db, 'signup_configuration.active_login_types', []);
    }
    expect((await sessionOf(new TestClient(t.app))).settings.single_sign_on).toBe(false);
  });

  it('keeps the secret to itself: never in an answer or the audit log', async () => {
    const read = await admin.get('/api/v2/admin/sso');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      providers: [{ kind: 'oidc', client_secret_set: true, issuer: provider.issuer }],
      local_passwords: true,
      redirect_uri: callback,
    });
    const written = await configure([oidcProvider({ client_secret: providerClient.client_secret })]);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.resource_type, 'sso'));
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({ action: 'sso.update' });
    for (const text of [read.body, written.body, JSON.stringify(events)]) {
      expect(text).not.toContain(providerClient.client_secret);
    }
  });

  it('on an instance whose key cannot open the secret, refuses at the start and logs why for the operator', async () => {
    // A second instance on the same database with a data folder (and so a generated key) of its own.
    const lines: string[] = [];
    const second = await createTestApp({
      database: t.database,
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const start = await new TestClient(second.app).get(
        `/api/v2/auth/mocs?provider=oidc&redirect=${encodeURIComponent('/en_GB/groups')}`,
      );
      refusedWith(start, 'sso_failed');
      const logged = lines.map((line) => JSON.parse(line) as { level: number; reason?: string });
      expect(logged).toContainEqual(
        expect.objectContaining({ level: 50, reason: expect.stringContaining('SSO_SECRET_KEY') }),
      );
      // The instance that sealed it still sends the browser to the provider.
      const own = await new TestClient(t.app).get('/api/v2/auth/mocs?provider=oidc');
      expect(new URL(own.headers.location as string).origin).toBe(provider.issuer);
    } finally {
      await second.close();
    }
  });

  it('refuses an issuer whose discovery cannot be read, a missing secret and passwords off without a provider', async () => {
    const unreachable = await configure([oidcProvider({ issuer: 'http://127.0.0.1:9/' })]);
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().errors[0]).toMatchObject({ code: 'bad_request', field: 'providers.0.issuer' });
    const noSecret = await configure([oidcProvider({ kind: 'apple' })]);
    expect(noSecret.json().errors[0]).toMatchObject({ field: 'providers.0.client_secret' });
    const noProvider = await configure([oidcProvider({ enabled: false })], false);
    expect(noProvider.json().errors[0]).toMatchObject({ field: 'local_passwords' });
    // Nothing of it was stored.
    expect((await admin.get('/api/v2/admin/sso')).json().providers[0]).toMatchObject({
      enabled: true,
      issuer: provider.issuer,
    });
  });

  it('refuses the administration to visitors, members and member administrators', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/v2/admin/sso')).statusCode).toBe(401);
    expect(
      (await anonymous.put('/api/v2/admin/sso', { providers: [], local_passwords: true })).statusCode,
    ).toBe(401);
    for (const permissions of [[], ['users']] as const) {
      const user = await buildUser(t.db, { permissions: [...permissions] });
      const client = new TestClient(t.app);
      await client.login(user.username, testPassword);
      expect((await client.get('/api/v2/admin/sso')).statusCode).toBe(403);
      const put = await client.put('/api/v2/admin/sso', { providers: [], local_passwords: true });
      expect(put.statusCode).toBe(403);
    }
    expect((await admin.get('/api/v2/admin/sso')).json().providers).toHaveLength(1);
  });
});
