import { type RegistrationInput, registrationLimits } from '@plaza/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildAdmin, testPassword } from '../../../test/factories';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp';
import { gifts, subscriptionItems, subscriptions, userRegistrationTopics, users } from '../../db/schema';
import { housekeepingJobs } from '../../housekeeping';
import { rateLimitTable } from '../../platform/rate-limit';
import { createSubscription } from '../billing';
import { setSettingByPath } from '../settings/service';
import { createGiftAs, createOptionAs, createTopicAs } from './catalogue-service';

/** Registration: the sign-up (basic and advanced), its confirmation link, subscriber numbers, personal data. */
describe('registration', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let now = new Date('2026-12-02T10:00:00Z');
  let ipSequence = 0;
  let monthly: number;
  let yearly: number;
  let inactive: number;
  let mug: number;
  let lastMug: number;
  let yearlyOnly: number;
  let topicA: number;
  let topicB: number;

  /** A visitor from an address of their own, so the per-address limits stay apart between tests. */
  const visitor = () => new TestClient(t.app, `10.50.0.${++ipSequence}`);
  const errorOf = (response: { json(): unknown }) =>
    (response.json() as { errors: { code: string; field?: string }[] }).errors[0];
  let emailSequence = 0;
  const newEmail = () => `new.member${++emailSequence}@example.net`;

  const address = (email: string) => ({
    gender: null,
    firstname: 'Erika',
    lastname: 'Muster',
    address: 'Hauptstraße',
    house_number: '5',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
    email,
  });
  const basic = (email: string, change: Partial<RegistrationInput> = {}): RegistrationInput => ({
    agb: true,
    invoice_address: { ...address(email), password: 'a long enough password' },
    selected_language: 'en_GB',
    ...change,
  });
  const advanced = (email: string, change: Partial<RegistrationInput> = {}): RegistrationInput =>
    basic(email, { subscription_id: monthly, payment: { method: 'invoice' }, ...change });

  const setSignup = (value: { active: boolean; type: 'basic' | 'advanced' }) =>
    setSettingByPath(t.db, 'signup_configuration', { ...value, active_login_types: [] });

  async function confirmationToken(email: string): Promise<{ token: string; username: string }> {
    const mail = await smtp.waitForMail(email);
    const link = mail.text.match(/http:\/\/plaza\.test\/en_GB\/registration\/confirm\?token=([\w-]+)/);
    const username = mail.text.match(/Your username: (\S+)/);
    expect(link, mail.text).not.toBeNull();
    smtp.messages.splice(smtp.messages.indexOf(mail), 1);
    return { token: link![1]!, username: username![1]! };
  }
  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));
  const userByEmail = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, clock: () => now });
    const option = {
      description_de: '',
      description_en: '',
      currency: 'EUR' as const,
      tax_rate: 700,
      minimum_term: 1,
      notice_days: 14,
    };
    monthly = await createOptionAs(t.db, {
      ...option,
      name_de: 'Monatsabo',
      name_en: 'Monthly',
      price: 990,
      period: 'month',
      active: true,
    });
    yearly = await createOptionAs(t.db, {
      ...option,
      name_de: 'Jahresabo',
      name_en: 'Yearly',
      price: 9900,
      period: 'year',
      active: true,
    });
    inactive = await createOptionAs(t.db, {
      ...option,
      name_de: 'Alt',
      name_en: 'Old',
      price: 100,
      period: 'month',
      active: false,
    });
    const gift = { description_de: '', description_en: '', active: true };
    mug = await createGiftAs(t.db, {
      ...gift,
      name_de: 'Tasse',
      name_en: 'Mug',
      stock: null,
      subscription_option_ids: [monthly, yearly],
    });
    lastMug = await createGiftAs(t.db, {
      ...gift,
      name_de: 'Letzte Tasse',
      name_en: 'Last mug',
      stock: 1,
      subscription_option_ids: [monthly],
    });
    yearlyOnly = await createGiftAs(t.db, {
      ...gift,
      name_de: 'Buch',
      name_en: 'Book',
      stock: 10,
      subscription_option_ids: [yearly, inactive],
    });
    topicA = (await createTopicAs(t.db, { label_de: 'Kultur', label_en: 'Culture' })).id;
    topicB = (await createTopicAs(t.db, { label_de: 'Sport', label_en: 'Sports' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers 404 to every registration call while sign-up is off', async () => {
    await setSignup({ active: false, type: 'advanced' });
    const client = visitor();
    for (const path of ['shop/subscription_options', 'shop/gifts', 'registration/topics']) {
      expect((await client.get(`/api/v2/${path}`)).statusCode).toBe(404);
    }
    const email = newEmail();
    const response = await client.post('/api/v2/users/new', basic(email));
    expect(response.statusCode).toBe(404);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("lists the active options, gifts (with their active options) and topics in the caller's language", async () => {
    await setSignup({ active: true, type: 'advanced' });
    const client = visitor();
    const options = (
      await client.get('/api/v2/shop/subscription_options', { headers: { 'x-locale': 'en_GB' } })
    ).json();
    expect(options.results.map((o: { name: string }) => o.name)).toEqual(['Monthly', 'Yearly']);
    expect(options.results[0]).toMatchObject({
      price: 990,
      currency: 'EUR',
      period: 'month',
      notice_days: 14,
    });
    const giftList = (await client.get('/api/v2/shop/gifts', { headers: { 'x-locale': 'de_DE' } })).json();
    const book = giftList.results.find((g: { id: number }) => g.id === yearlyOnly);
    expect(book).toMatchObject({ name: 'Buch', subscription_option_ids: [yearly], available: true });
    const topics = (
      await client.get('/api/v2/registration/topics', { headers: { 'x-locale': 'en_GB' } })
    ).json();
    expect(topics.results).toEqual([
      { id: topicA, label: 'Culture' },
      { id: topicB, label: 'Sports' },
    ]);
  });

  it('refuses a registration without the terms accepted', async () => {
    await setSignup({ active: true, type: 'basic' });
    const email = newEmail();
    const response = await visitor().post('/api/v2/users/new', basic(email, { agb: false }));
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({ code: 'agb_not_accepted', field: 'agb' });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('basic: an unconfirmed account, the link works once, and sign-in waits for it', async () => {
    await setSignup({ active: true, type: 'basic' });
    const email = newEmail();
    const client = visitor();
    const response = await client.post(
      '/api/v2/users/new',
      basic(email, {
        personal_data: { topics: [topicB], newsletter_subscription: ['events'], birthday: '01/02/1990' },
      }),
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ result: 'ok' });
    const { token, username } = await confirmationToken(email);
    expect(username).toBe(`new.member${emailSequence}`);
    const row = (await userByEmail(email))!;
    expect(row).toMatchObject({
      username,
      email_confirmed: false,
      agb_nda_accepted: false,
      firstname: 'Erika',
      birthday: '1990-02-01',
      selected_language: 'en_GB',
    });
    expect(row.newsletter_subscriptions).toContainEqual({ key: 'events', selected: true });
    const chosen = await t.db
      .select()
      .from(userRegistrationTopics)
      .where(eq(userRegistrationTopics.user_id, row.id));
    expect(chosen.map((c) => c.topic_id)).toEqual([topicB]);

    // Not listed in the directory before the confirmation.
    const admin = await buildAdmin(t.db);
    const adminClient = new TestClient(t.app, '10.50.1.1');
    await adminClient.login(admin.username, testPassword);
    const listed = (await adminClient.get(`/api/v2/users?search=${encodeURIComponent('Muster')}`)).json();
    expect(JSON.stringify(listed)).not.toContain(username);
    const chatSearch = async () =>
      ((await adminClient.get('/api/v2/messages/users?search=Erika')).json() as { results: { id: number }[] })
        .results;
    expect((await chatSearch()).map((found) => found.id)).not.toContain(row.id);

    // The wrong password learns nothing; the right one learns the address is not confirmed.
    const signIn = new TestClient(t.app, '10.50.1.2');
    const wrong = await signIn.post('/api/v2/auth/login', { username, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)?.code).toBe('invalid_credentials');
    const early = await signIn.post('/api/v2/auth/login', { username, password: 'a long enough password' });
    expect(early.statusCode).toBe(403);
    expect(errorOf(early)?.code).toBe('email_not_confirmed');

    const confirmed = await visitor().post('/api/v2/registration/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ result: 'ok', redirect: null });
    const again = await visitor().post('/api/v2/registration/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)?.code).toBe('confirmation_link_invalid');

    const after = await signIn.post('/api/v2/auth/login', { username, password: 'a long enough password' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ agb_nda_accepted: true });
    const listedNow = (await adminClient.get(`/api/v2/users?search=${encodeURIComponent('Muster')}`)).json();
    expect(JSON.stringify(listedNow)).toContain(username);
    expect((await chatSearch()).map((found) => found.id)).toContain(row.id);
  });

  it('basic: refuses the subscription fields (the account only)', async () => {
    await setSignup({ active: true, type: 'basic' });
    const email = newEmail();
    const response = await visitor().post('/api/v2/users/new', basic(email, { subscription_id: monthly }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)?.field).toBe('subscription_id');
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('answers a registered address like a new one: one mail saying so, nothing created', async () => {
    await setSignup({ active: true, type: 'basic' });
    const email = newEmail();
    const first = await visitor().post('/api/v2/users/new', basic(email));
    const { token } = await confirmationToken(email);
    await visitor().post('/api/v2/registration/confirm', { token });
    const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;
    const before = await userCount();

    const second = await visitor().post(
      '/api/v2/users/new',
      basic(email, { invoice_address: { ...basic(email).invoice_address, firstname: 'Other' } }),
    );
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toContain('Your registration');
    expect(mail.text).toContain('http://plaza.test/en_GB/login');
    expect(mail.text).toContain('http://plaza.test/en_GB/forgot_password');
    expect(mailsTo(email)).toHaveLength(1);
    expect(await userCount()).toBe(before);
    expect((await userByEmail(email))!.firstname).toBe('Erika');
  });

  it('sends an unconfirmed address a fresh link, and past the per-address limit no mail, the same answer', async () => {
    await setSignup({ active: true, type: 'basic' });
    const email = newEmail();
    const first = await visitor().post('/api/v2/users/new', basic(email));
    const { token: firstToken } = await confirmationToken(email);
    const { max } = rateLimitTable.registrationMailsPerAddress;
    const tokens = [firstToken];
    for (let i = 1; i < max; i++) {
      const again = await visitor().post('/api/v2/users/new', basic(email));
      expect(again.json()).toEqual(first.json());
      tokens.push((await confirmationToken(email)).token);
    }
    expect(new Set(tokens).size).toBe(max);
    const past = await visitor().post('/api/v2/users/new', basic(email));
    expect(past.statusCode).toBe(202);
    expect(past.json()).toEqual(first.json());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(email)).toHaveLength(0);
    // Any of the links confirms; the others are then of no use beyond signing in.
    expect((await visitor().post('/api/v2/registration/confirm', { token: tokens.at(-1) })).statusCode).toBe(
      200,
    );
  });

  it('refuses an expired confirmation link', async () => {
    await setSignup({ active: true, type: 'basic' });
    const email = newEmail();
    await visitor().post('/api/v2/users/new', basic(email));
    const { token } = await confirmationToken(email);
    const start = now;
    now = new Date(start.getTime() + 49 * 3600_000);
    try {
      const expired = await visitor().post('/api/v2/registration/confirm', { token });
      expect(expired.statusCode).toBe(400);
      expect(errorOf(expired)?.code).toBe('confirmation_link_invalid');
      expect((await userByEmail(email))!.email_confirmed).toBe(false);
    } finally {
      now = start;
    }
  });

  it('removes accounts never confirmed after two weeks, ending their pending subscription; newer and confirmed ones stay', async () => {
    await setSignup({ active: true, type: 'advanced' });
    const [stale, fresh, confirmedEmail] = [newEmail(), newEmail(), newEmail()];
    for (const email of [stale, fresh, confirmedEmail])
      expect((await visitor().post('/api/v2/users/new', advanced(email))).statusCode).toBe(202);
    const { token } = await confirmationToken(confirmedEmail);
    expect((await visitor().post('/api/v2/registration/confirm', { token })).statusCode).toBe(200);
    const staleUser = (await userByEmail(stale))!;
    const old = new Date(now.getTime() - (registrationLimits.unconfirmedAccountDays + 1) * 86_400_000);
    const ids = [staleUser.id, (await userByEmail(confirmedEmail))!.id];
    await t.db.update(users).set({ created_at: old }).where(inArray(users.id, ids));
    const [pending] = await t.db.select().from(subscriptions).where(eq(subscriptions.user_id, staleUser.id));
    expect(pending!.state).toBe('pending');

    const job = housekeepingJobs({ storage: t.storage }).find((j) => j.name === 'unconfirmed-accounts')!;
    expect((await job.run({ db: t.db, now })).removed).toBe(1);

    expect(await userByEmail(stale)).toBeUndefined();
    expect((await userByEmail(fresh))!.email_confirmed).toBe(false);
    expect((await userByEmail(confirmedEmail))!.email_confirmed).toBe(true);
    const [ended] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, pending!.id));
    expect(ended).toMatchObject({ state: 'ended', user_id: null });
    expect((await job.run({ db: t.db, now })).removed).toBe(0);
  });

  it('advanced: a subscription with a gift, pending until the address is confirmed', async () => {
    await setSignup({ active: true, type: 'advanced' });
    const email = newEmail();
    const response = await visitor().post(
      '/api/v2/users/new',
      advanced(email, {
        gift_id: mug,
        invoice_address: { ...basic(email).invoice_address, separate_delivery_address: true },
        delivery_address: { ...address(email), firstname: 'Max', city: 'Hamburg', zip: '20095' },
      }),
    );
    expect(response.statusCode).toBe(202);
    const { token } = await confirmationToken(email);
    const user = (await userByEmail(email))!;
    const [subscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.user_id, user.id));
    expect(subscription).toMatchObject({ state: 'pending', name: 'Monthly', payment_method: 'invoice' });
    expect(subscription!.delivery_address).toMatchObject({ city: 'Hamburg' });
    const items = await t.db
      .select()
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscription_id, subscription!.id));
    expect(items.map((item) => item.kind).sort()).toEqual(['gift', 'plan']);

    const confirmed = await visitor().post('/api/v2/registration/confirm', { token });
    expect(confirmed.json()).toEqual({ result: 'ok', redirect: null });
    const [started] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription!.id));
    expect(started!.state).toBe('active');
  });

  it('advanced: refuses a gift that does not come with the option, an inactive option, a missing choice', async () => {
    await setSignup({ active: true, type: 'advanced' });
    const cases: [Partial<RegistrationInput>, number, string][] = [
      [{ gift_id: yearlyOnly }, 422, 'gift_id'],
      [{ subscription_id: inactive }, 422, 'subscription_id'],
      [{ subscription_id: null }, 422, 'subscription_id'],
      [{ payment: null }, 422, 'payment'],
      [
        {
          payment: {
            method: 'sepa',
            sepa: { account_holder: 'Erika', iban: 'DE89370400440532013000', bic: null },
          },
        },
        422,
        'payment.method',
      ],
      [
        { invoice_address: { ...basic('x@example.net').invoice_address, separate_delivery_address: true } },
        422,
        'delivery_address',
      ],
    ];
    for (const [change, status, field] of cases) {
      const email = newEmail();
      const body = advanced(email, change);
      if (change.invoice_address) body.invoice_address = { ...change.invoice_address, email };
      const response = await visitor().post('/api/v2/users/new', body);
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
      expect(errorOf(response)?.field, JSON.stringify(change)).toBe(field);
      expect(await userByEmail(email)).toBeUndefined();
    }
  });

  it('advanced: the last piece of a gift goes once; then it is out of stock and nothing is created', async () => {
    await setSignup({ active: true, type: 'advanced' });
    const first = await visitor().post('/api/v2/users/new', advanced(newEmail(), { gift_id: lastMug }));
    expect(first.statusCode).toBe(202);
    expect((await t.db.select().from(gifts).where(eq(gifts.id, lastMug)))[0]!.stock).toBe(0);
    const email = newEmail();
    const second = await visitor().post('/api/v2/users/new', advanced(email, { gift_id: lastMug }));
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'out_of_stock', field: 'gift_id' });
    expect(await userByEmail(email)).toBeUndefined();
  });

  describe('subscriber numbers', () => {
    async function freeSubscription(zip: string) {
      return t.db.transaction((tx) =>
        createSubscription(tx, {
          userId: null,
          option: {
            id: yearly,
            name: 'Print',
            price: 9900,
            currency: 'EUR',
            tax_rate: 700,
            period: 'year',
            minimum_term: 1,
            notice_days: 30,
          },
          gift: null,
          payment: { method: 'invoice', sepa: null },
          invoiceAddress: {
            ...address('print@example.net'),
            zip,
            title: null,
            address_2: null,
            address_details: null,
            separate_delivery_address: false,
          },
          deliveryAddress: null,
          locale: 'de_DE',
        }),
      );
    }

    it('links at registration; a wrong number and a wrong postcode are one answer', async () => {
      await setSignup({ active: true, type: 'advanced' });
      const { number } = await freeSubscription('10115');
      const other = number === '99999999' ? '99999998' : '99999999';
      const client = visitor();
      const wrongNumber = await client.post(
        '/api/v2/users/new',
        advanced(newEmail(), { subscription_id: null, payment: null, subscriber_number: other }),
      );
      const wrongZip = await client.post(
        '/api/v2/users/new',
        advanced(newEmail(), {
          subscription_id: null,
          payment: null,
          subscriber_number: number,
          invoice_address: {
            ...basic('x@example.net').invoice_address,
            zip: '20095',
            email: `zip.${emailSequence}@example.net`,
          },
        }),
      );
      expect(wrongNumber.statusCode).toBe(422);
      expect(wrongZip.statusCode).toBe(422);
      expect(wrongZip.json()).toEqual(wrongNumber.json());
      expect(errorOf(wrongNumber)?.code).toBe('subscription_not_found');

      const email = newEmail();
      const linked = await client.post(
        '/api/v2/users/new',
        advanced(email, { subscription_id: null, payment: null, subscriber_number: number }),
      );
      expect(linked.statusCode).toBe(202);
      const user = (await userByEmail(email))!;
      const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.number, number));
      expect(row!.user_id).toBe(user.id);
    });

    it('links for a signed-in member, limits the wrong tries per address', async () => {
      await setSignup({ active: true, type: 'advanced' });
      const { number } = await freeSubscription('80331');
      const member = await buildAdmin(t.db);
      const client = new TestClient(t.app, '10.50.2.1');
      await client.login(member.username, testPassword);
      const wrong = await client.post(`/api/v2/registration/${number}`, { zip: '10115' });
      expect(wrong.statusCode).toBe(422);
      expect(errorOf(wrong)?.code).toBe('subscription_not_found');
      const linked = await client.post(`/api/v2/registration/${number}`, { zip: '80331' });
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toEqual({ success: true });
      const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.number, number));
      expect(row!.user_id).toBe(member.id);
      // Linked once: a second try finds no free subscription.
      expect((await client.post(`/api/v2/registration/${number}`, { zip: '80331' })).statusCode).toBe(422);

      const { max } = rateLimitTable.subscriberNumberFailures;
      for (let i = 2; i < max; i++) {
        expect((await client.post('/api/v2/registration/12345670', { zip: '10115' })).statusCode).toBe(422);
      }
      const limited = await client.post('/api/v2/registration/12345670', { zip: '10115' });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  });

  it('saves the personal data of a signed-in member: known topics only', async () => {
    await setSignup({ active: true, type: 'basic' });
    const member = await buildAdmin(t.db);
    const client = new TestClient(t.app, '10.50.3.1');
    await client.login(member.username, testPassword);
    const unknown = await client.post('/api/v2/registration/user_data', { topics: [topicA, 999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)?.field).toBe('topics');
    const saved = await client.post('/api/v2/registration/user_data', {
      topics: [topicA, topicB],
      newsletter_subscription: ['offers'],
      birthday: '24.12.1985',
    });
    expect(saved.statusCode).toBe(200);
    const row = (await t.db.select().from(users).where(eq(users.id, member.id)))[0]!;
    expect(row.birthday).toBe('1985-12-24');
    expect(row.newsletter_subscriptions).toContainEqual({ key: 'offers', selected: true });
    expect(row.newsletter_subscriptions).toContainEqual({ key: 'events', selected: false });
    const chosen = await t.db
      .select()
      .from(userRegistrationTopics)
      .where(eq(userRegistrationTopics.user_id, member.id));
    expect(chosen.map((c) => c.topic_id).sort()).toEqual([topicA, topicB].sort());
    expect(
      (await new TestClient(t.app).post('/api/v2/registration/user_data', { topics: [] })).statusCode,
    ).toBe(401);
  });
});
