import type { RegistrationInput } from '@plaza/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp';
import { fakeStripeKeys, type StripeFake, startStripeFake } from '../../../test/stripe-fake';
import { subscriptions, users } from '../../db/schema';
import { setSettingByPath } from '../settings/service';
import { createOptionAs } from './catalogue-service';

/** Advanced registration paid by debit or card: the account checked, the card's checkout at confirmation. */
describe('registration with a debit or a card', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let fake: StripeFake;
  let option: number;
  let sequence = 0;

  const visitor = () => new TestClient(t.app, `10.60.0.${++sequence}`);
  const errorOf = (response: { json(): unknown }) =>
    (response.json() as { errors: { code: string; field?: string }[] }).errors[0];
  const body = (email: string, payment: RegistrationInput['payment']): RegistrationInput => ({
    agb: true,
    invoice_address: {
      gender: null,
      firstname: 'Karla',
      lastname: 'Karte',
      address: 'Ring',
      house_number: '2',
      zip: '50667',
      city: 'Köln',
      country: 'DE',
      email,
      password: 'a long enough password',
    },
    subscription_id: option,
    payment,
    selected_language: 'de_DE',
  });
  async function tokenFor(email: string) {
    const mail = await smtp.waitForMail(email);
    return mail.text.match(/\/de_DE\/registration\/confirm\?token=([\w-]+)/)![1]!;
  }
  const subscriptionOf = async (email: string) => {
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return (await t.db.select().from(subscriptions).where(eq(subscriptions.user_id, user!.id)))[0]!;
  };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    fake = await startStripeFake();
    t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        SEPA_CREDITOR_ID: 'DE98ZZZ09999999999',
        STRIPE_SECRET_KEY: fakeStripeKeys.secretKey,
        STRIPE_WEBHOOK_SECRET: fakeStripeKeys.webhookSecret,
        STRIPE_API_URL: fake.url,
      },
    });
    await setSettingByPath(t.db, 'signup_configuration', {
      active: true,
      type: 'advanced',
      active_login_types: [],
    });
    option = await createOptionAs(t.db, {
      name_de: 'Monatsabo',
      name_en: 'Monthly',
      description_de: '',
      description_en: '',
      price: 990,
      currency: 'EUR',
      tax_rate: 700,
      period: 'month',
      minimum_term: 1,
      notice_days: 14,
      active: true,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await smtp?.close();
  });

  it('checks the debit account: a wrong IBAN is refused at its field, a right one starts at confirmation', async () => {
    const wrong = await visitor().post(
      '/api/v2/users/new',
      body('debit.wrong@example.net', {
        method: 'sepa',
        sepa: { account_holder: 'Karla Karte', iban: 'DE00370400440532013000', bic: null },
      }),
    );
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong)).toMatchObject({ code: 'bank_account_invalid', field: 'sepa.iban' });

    const email = 'debit@example.net';
    const right = await visitor().post(
      '/api/v2/users/new',
      body(email, {
        method: 'sepa',
        sepa: { account_holder: 'Karla Karte', iban: 'DE89 3704 0044 0532 0130 00', bic: null },
      }),
    );
    expect(right.statusCode).toBe(202);
    const token = await tokenFor(email);
    expect(await subscriptionOf(email)).toMatchObject({ state: 'pending', sepa_iban_last4: '3000' });
    const confirmed = await visitor().post('/api/v2/registration/confirm', { token });
    expect(confirmed.json()).toEqual({ result: 'ok', redirect: null });
    expect((await subscriptionOf(email)).state).toBe('active');
  });

  it("answers the card provider's checkout at confirmation; a failing provider undoes it and the link still works", async () => {
    const email = 'card@example.net';
    expect((await visitor().post('/api/v2/users/new', body(email, { method: 'stripe' }))).statusCode).toBe(
      202,
    );
    const token = await tokenFor(email);

    fake.setSessionMode('error');
    const failed = await visitor().post('/api/v2/registration/confirm', { token });
    expect(failed.statusCode).toBe(502);
    expect(errorOf(failed)?.code).toBe('payment_provider_failed');
    const [stillUnconfirmed] = await t.db.select().from(users).where(eq(users.email, email));
    expect(stillUnconfirmed!.email_confirmed).toBe(false);

    fake.setSessionMode('ok');
    const confirmed = await visitor().post('/api/v2/registration/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().redirect).toBe(fake.sessions.at(-1)!.url);
    // Paid at the provider, activated by its webhook: pending until then.
    expect((await subscriptionOf(email)).state).toBe('pending');
  });
});
