import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema';
import { setSettingByPath } from '../src/modules/settings/service';
import { rateLimitTable } from '../src/platform/rate-limit';
import { createTestApp, type TestApp } from './app';
import { TestClient } from './client';
import { buildUser, testPassword } from './factories';
import { type SmtpCatcher, startSmtpCatcher } from './smtp';

/**
 * Brute force and enumeration (issue 53, ASVS V2/V6): the per-address limits hold however the names,
 * addresses and the `X-Forwarded-For` header rotate, the header counts only as far as the configured
 * proxies vouch for it, and every answer of the public account calls is the same for known and unknown
 * accounts (status and body).
 */

let spoofSequence = 0;
/** A different made-up client address on every call, optionally followed by what a proxy appended. */
function spoofed(appended?: string): Record<string, string> {
  spoofSequence += 1;
  const made = `198.18.${(spoofSequence >> 8) & 255}.${spoofSequence & 255}`;
  return { 'x-forwarded-for': appended ? `${made}, ${appended}` : made };
}

let emailSequence = 0;
const unknownEmail = () => `nobody${++emailSequence}.${randomBytes(2).toString('hex')}@example.net`;

const forgotPassword = (client: TestClient, email: string, headers: Record<string, string> = {}) =>
  client.post('/api/v2/auth/forgot_password', { email }, { headers });

/** Status and body of an answer, for comparing the answers to known and unknown accounts. */
const answerOf = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.json(),
});

/** Sends `max` calls that must pass, then one more that must be refused with 429. */
async function expectLimitAfter(max: number, send: (n: number) => Promise<LightMyRequestResponse>) {
  const passed = new Set<number>();
  for (let n = 0; n < max; n++) passed.add((await send(n)).statusCode);
  expect([...passed]).not.toContain(429);
  const refused = await send(max);
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
}

describe('brute force and enumeration, without a trusted proxy', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let known: Awaited<ReturnType<typeof buildUser>>;
  let deactivated: Awaited<ReturnType<typeof buildUser>>;
  let unconfirmed: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    known = await buildUser(t.db);
    deactivated = await buildUser(t.db);
    await t.db.update(users).set({ deactivated_at: new Date() }).where(eq(users.id, deactivated.id));
    unconfirmed = await buildUser(t.db, {}, { email_confirmed: false });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sign-in: failures count per real address whatever the names and X-Forwarded-For; then even the right password waits', async () => {
    const attacker = new TestClient(t.app, '10.61.0.1');
    const names = [known.username, deactivated.username, unconfirmed.username, 'nobody-at-all'];
    const { max } = rateLimitTable.signInFailures;
    const answers: ReturnType<typeof answerOf>[] = [];
    await expectLimitAfter(max, async (n) => {
      // A new name each time (no name and address pair is slowed down); past the limit, the right password.
      const body =
        n < max
          ? { username: `${names[n % names.length]}${n < names.length ? '' : n}`, password: 'wrong password' }
          : { username: known.username, password: testPassword };
      const response = await attacker.post('/api/v2/auth/login', body, { headers: spoofed() });
      if (response.statusCode !== 429) answers.push(answerOf(response));
      return response;
    });
    // Known, deactivated, unconfirmed and unknown accounts: one answer.
    expect(answers.length).toBe(max);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(401);

    // Another real address is not affected.
    await new TestClient(t.app, '10.61.0.2').login(known.username, testPassword);
  }, 180_000);

  it('sign-in by email: known, deactivated, unconfirmed and unknown addresses answer alike', async () => {
    await setSettingByPath(t.db, 'login_options', { login_identifier: 'email' });
    try {
      const client = new TestClient(t.app, '10.61.1.1');
      const answers = [];
      for (const email of [known.email, deactivated.email, unconfirmed.email, unknownEmail()]) {
        answers.push(
          answerOf(await client.post('/api/v2/auth/login', { email, password: 'wrong password' })),
        );
      }
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(answers[0]!.status).toBe(401);
    } finally {
      await setSettingByPath(t.db, 'login_options', { login_identifier: 'username' });
    }
  });

  it('forgot-password: one answer for known, deactivated, unknown and over-mailed accounts; the limit holds per real address', async () => {
    const client = new TestClient(t.app, '10.61.2.1');
    const { max } = rateLimitTable.passwordResetMail;
    const emails = [known.email, deactivated.email, unknownEmail(), known.email.toUpperCase()];
    const answers: ReturnType<typeof answerOf>[] = [];
    await expectLimitAfter(max, async (n) => {
      const response = await forgotPassword(client, emails[n % emails.length]!, spoofed());
      if (response.statusCode !== 429) answers.push(answerOf(response));
      return response;
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
    // The account got its few mails (per account, sent after the answers), the deactivated one none.
    const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email)).length;
    await vi.waitFor(() => expect(mailsTo(known.email)).toBe(rateLimitTable.resetMailsPerAccount.max));
    expect(mailsTo(deactivated.email)).toBe(0);

    expect((await forgotPassword(new TestClient(t.app, '10.61.2.2'), unknownEmail())).statusCode).toBe(200);
  });

  it('forgot-password: a list or a second address in the field is refused, and no mail goes (GitLab CVE-2023-7028)', async () => {
    const client = new TestClient(t.app, '10.61.3.1');
    const victim = await buildUser(t.db);
    const attempts: unknown[] = [
      { email: [victim.email, 'attacker@example.net'] },
      { email: `${victim.email},attacker@example.net` },
      { email: `${victim.email} attacker@example.net` },
      { email: { address: victim.email } },
    ];
    for (const body of attempts) {
      const response = await client.post('/api/v2/auth/forgot_password', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    // The one valid request mails the victim once, and nobody else.
    expect((await forgotPassword(client, victim.email)).statusCode).toBe(200);
    await smtp.waitForMail(victim.email);
    expect(smtp.messages.filter((mail) => mail.to.includes(victim.email)).length).toBe(1);
    expect(smtp.messages.flatMap((mail) => mail.to)).not.toContain('attacker@example.net');
  });

  it('reset-password: a wrong link answers alike for a known and an unknown member; the limit holds per real address', async () => {
    const client = new TestClient(t.app, '10.61.4.1');
    const { max } = rateLimitTable.passwordReset;
    const answers: ReturnType<typeof answerOf>[] = [];
    await expectLimitAfter(max, async (n) => {
      const response = await client.post(
        '/api/v2/auth/reset_password',
        {
          user_id: [known.id, deactivated.id, 99_999_999][n % 3],
          hash: randomBytes(32).toString('base64url'),
          new_password: 'a new long password',
          new_password_confirm: 'a new long password',
        },
        { headers: spoofed() },
      );
      if (response.statusCode !== 429) answers.push(answerOf(response));
      return response;
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(400);
  });

  it('registration and its confirmation: one answer for a new and a registered address; used, unknown and made-up links alike', async () => {
    await setSettingByPath(t.db, 'signup_configuration', {
      active: true,
      type: 'basic',
      active_login_types: [],
    });
    const client = new TestClient(t.app, '10.61.5.1');
    const registration = (email: string) => ({
      agb: true,
      invoice_address: {
        gender: null,
        firstname: 'Erika',
        lastname: 'Muster',
        address: 'Hauptstraße',
        house_number: '5',
        zip: '10115',
        city: 'Berlin',
        country: 'DE',
        email,
        password: 'a long enough password',
      },
      selected_language: 'en_GB',
    });
    const fresh = unknownEmail();
    const registered = [fresh, known.email, deactivated.email, unconfirmed.email].map((email) =>
      client.post('/api/v2/users/new', registration(email), { headers: spoofed() }),
    );
    const answers = (await Promise.all(registered)).map(answerOf);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(202);

    const mail = await smtp.waitForMail(fresh);
    const token = /registration\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    const confirm = (value: string) =>
      client.post('/api/v2/registration/confirm', { token: value }, { headers: spoofed() });
    expect((await confirm(token!)).statusCode).toBe(200);
    const refused = [
      await confirm(token!),
      await confirm(randomBytes(32).toString('base64url')),
      await confirm(`${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`),
    ].map(answerOf);
    for (const answer of refused) expect(answer).toEqual(refused[0]);
    expect(refused[0]!.status).toBe(400);

    // The confirmations' flood limit holds per real address, whatever the header says.
    const { max } = rateLimitTable.registrationConfirmations;
    const flooder = new TestClient(t.app, '10.61.5.2');
    await expectLimitAfter(max, () =>
      flooder.post(
        '/api/v2/registration/confirm',
        { token: randomBytes(32).toString('base64url') },
        { headers: spoofed() },
      ),
    );
  });

  it('subscriber numbers: wrong tries count per real address across members, numbers and X-Forwarded-For', async () => {
    await setSettingByPath(t.db, 'signup_configuration', {
      active: true,
      type: 'advanced',
      active_login_types: [],
    });
    const { max } = rateLimitTable.subscriberNumberFailures;
    const members = await Promise.all(
      [0, 1, 2].map(async () => {
        const client = new TestClient(t.app, '10.61.6.1');
        await client.login((await buildUser(t.db)).username, testPassword);
        return client;
      }),
    );
    const answers: ReturnType<typeof answerOf>[] = [];
    await expectLimitAfter(max, async (n) => {
      const number = String(10_000_000 + n * 7919);
      const response = await members[n % members.length]!.post(
        `/api/v2/registration/${number}`,
        { zip: String(10_000 + n) },
        { headers: spoofed() },
      );
      if (response.statusCode !== 429) answers.push(answerOf(response));
      return response;
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(422);

    const elsewhere = new TestClient(t.app, '10.61.6.2');
    await elsewhere.login((await buildUser(t.db)).username, testPassword);
    expect((await elsewhere.post('/api/v2/registration/12345670', { zip: '10115' })).statusCode).toBe(422);
  });
});

/** A local port nothing listens on: a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('forgot-password with the mail server down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(() => t.close());

  // The mail went out inside the request: a known address waited for the mail server and failed with
  // it (500), an unknown one answered at once, so a failing mail server told which accounts exist.
  it('answers a known address like an unknown one', async () => {
    const known = await buildUser(t.db);
    const client = new TestClient(t.app, '10.62.0.1');
    const answers = [];
    for (const email of [known.email, unknownEmail()])
      answers.push(answerOf(await forgotPassword(client, email)));
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(200);
  });
});

describe('X-Forwarded-For behind a proxy', () => {
  const proxy = '10.0.0.2';
  const { max } = rateLimitTable.passwordResetMail;
  /** The forgot-password limit as the probe of which address a call counts for. */
  const probe = (client: TestClient, headers: Record<string, string>) =>
    forgotPassword(client, unknownEmail(), headers);

  async function withApp(env: NodeJS.ProcessEnv, run: (t: TestApp) => Promise<void>) {
    const t = await createTestApp({ env });
    try {
      await run(t);
    } finally {
      await t.close();
    }
  }

  it('TRUST_PROXY=true: the address the proxy appended counts, never what the client wrote before it', () =>
    withApp({ TRUST_PROXY: 'true' }, async (t) => {
      const viaProxy = new TestClient(t.app, proxy);
      await expectLimitAfter(max, () => probe(viaProxy, spoofed('203.0.113.7')));
      // Another client through the same proxy, even one claiming the limited address, is not affected.
      expect((await probe(viaProxy, { 'x-forwarded-for': '203.0.113.7, 203.0.113.8' })).statusCode).toBe(200);
    }));

  it('TRUSTED_PROXIES: only the listed proxies vouch for an address; a chain of them is walked', () =>
    withApp({ TRUST_PROXY: 'true', TRUSTED_PROXIES: `${proxy}, 10.1.0.0/16` }, async (t) => {
      const viaProxy = new TestClient(t.app, proxy);
      await expectLimitAfter(max, () => probe(viaProxy, spoofed('203.0.113.9, 10.1.2.3')));
      expect((await probe(viaProxy, { 'x-forwarded-for': '203.0.113.10, 10.1.2.3' })).statusCode).toBe(200);
      // A client that reaches the server directly: its own address counts, whatever it claims.
      const direct = new TestClient(t.app, '198.51.100.4');
      await expectLimitAfter(max, () => probe(direct, spoofed()));
    }));
});
