import type { Gift, SubscriptionOption } from '@plaza/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedDemoContent } from './index';

describe('demo registration of the seed', () => {
  let t: TestApp;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoContent(t.db, { publicUrl: 'http://plaza.test', storage: t.storage });
    visitor = new TestClient(t.app);
  }, 180_000);
  afterAll(() => t.close());

  it('opens the advanced sign-up with three options, three gifts and topics in both languages', async () => {
    const session = (await visitor.get('/api/v2/auth/is_authenticated')).json();
    expect(session.session.settings.signup_configuration).toMatchObject({ active: true, type: 'advanced' });
    const options = async (locale: string): Promise<SubscriptionOption[]> =>
      (await visitor.get('/api/v2/shop/subscription_options', { headers: { 'x-locale': locale } })).json()
        .results;
    expect((await options('de_DE')).map((o) => o.name)).toEqual(['Digital', 'Print', 'Jahresabo Komplett']);
    const english = await options('en_GB');
    expect(english.map((o) => o.name)).toEqual(['Digital', 'Print', 'Complete yearly']);
    expect(english.map((o) => o.period)).toEqual(['month', 'quarter', 'year']);
    const gifts: Gift[] = (
      await visitor.get('/api/v2/shop/gifts', { headers: { 'x-locale': 'en_GB' } })
    ).json().results;
    expect(gifts.map((g) => g.name)).toEqual(['Plaza mug', 'Tote bag', 'Book "Working together"']);
    expect(gifts[2]!.subscription_option_ids).toEqual([english[2]!.id]);
    const german: Gift[] = (
      await visitor.get('/api/v2/shop/gifts', { headers: { 'x-locale': 'de_DE' } })
    ).json().results;
    expect(german[1]!.name).toBe('Stofftasche');
    for (const item of [...english, ...gifts]) {
      const file = await visitor.get(item.image!);
      expect(file.statusCode).toBe(200);
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 612, height: 612 });
    }
    const topics = (
      await visitor.get('/api/v2/registration/topics', { headers: { 'x-locale': 'en_GB' } })
    ).json();
    expect(topics.results.map((topic: { label: string }) => topic.label)).toContain('Sustainability');
  });
});
