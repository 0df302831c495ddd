import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { gifts, users } from '../../db/schema';
import { setSettingByPath } from '../settings/service';
import { createGiftAs, createOptionAs } from './catalogue-service';

/** Races only PostgreSQL can run: registrations at once on the pool. */
describe('registration races', () => {
  let t: TestApp;
  let option: number;
  let lastGift: number;
  const sent: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      mailer: {
        send: async (mail) => {
          sent.push(mail.to);
        },
        close: async () => {},
      },
    });
    await setSettingByPath(t.db, 'signup_configuration', {
      active: true,
      type: 'advanced',
      active_login_types: [],
    });
    option = await createOptionAs(t.db, {
      name_de: 'Abo',
      name_en: 'Plan',
      description_de: '',
      description_en: '',
      price: 500,
      currency: 'EUR',
      tax_rate: 700,
      period: 'month',
      minimum_term: 1,
      notice_days: 0,
      active: true,
    });
    lastGift = await createGiftAs(t.db, {
      name_de: 'Letzte',
      name_en: 'Last',
      description_de: '',
      description_en: '',
      stock: 1,
      subscription_option_ids: [option],
      active: true,
    });
  });
  afterAll(() => t.close());

  const body = (email: string, giftId: number | null = null) => ({
    agb: true,
    invoice_address: {
      gender: null,
      firstname: 'Rena',
      lastname: 'Rennen',
      address: 'Weg',
      house_number: '3',
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
      email,
      password: 'a long enough password',
    },
    subscription_id: option,
    gift_id: giftId,
    payment: { method: 'invoice' },
  });

  it('answers two registrations of one new address at once alike, with one account', async () => {
    const email = 'twice@example.net';
    const answers = await Promise.all(
      ['10.70.0.1', '10.70.0.2'].map((ip) =>
        new TestClient(t.app, ip).post('/api/v2/users/new', body(email)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(sent.filter((to) => to === email).length).toBeGreaterThanOrEqual(1);
  });

  it('gives the last piece of a gift to one of two registrations at once', async () => {
    const answers = await Promise.all(
      ['a', 'b'].map((name, i) =>
        new TestClient(t.app, `10.70.1.${i}`).post(
          '/api/v2/users/new',
          body(`${name}.race@example.net`, lastGift),
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    expect((await t.db.select().from(gifts).where(eq(gifts.id, lastGift)))[0]!.stock).toBe(0);
  });
});
