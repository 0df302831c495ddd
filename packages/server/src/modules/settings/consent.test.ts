import type { CookieConfig } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { storeSettingsDocument } from './service';

const text = (en: string) => ({ en_GB: en, de_DE: en });
const provider = (service_id: string) => ({
  name: service_id,
  description: text(service_id),
  cookies: [],
  service_id,
});

/** Necessary (1), statistics (2) and videos (3), one provider each. */
const cookieConfig: CookieConfig = {
  cookie_types: [
    { id: 1, name: text('Necessary'), description: text('Sign-in.'), required: true },
    { id: 2, name: text('Statistics'), description: text('Visits.'), required: false },
    { id: 3, name: text('Videos'), description: text('Players.'), required: false },
  ],
  items: [
    { cookie_type: 1, provider: [provider('session')] },
    { cookie_type: 2, provider: [provider('matomo')] },
    { cookie_type: 3, provider: [provider('youtube')] },
  ],
  provider_type_to_cookie_type_mapping: {},
};

/** GET settings/consent answers by the stored choice the web sends: cdisc, track_all, categories joined with '-'. */
describe('settings.consent', () => {
  let t: TestApp;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    await storeSettingsDocument(t.db, 'cookie_config', cookieConfig);
    visitor = new TestClient(t.app);
  });
  afterAll(() => t.close());

  const consent = async (query: Record<string, string>) => {
    const response = await visitor.get('/api/v2/settings/consent', { query });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('answers the cookie config and, without a choice, only the necessary category', async () => {
    const answer = await consent({ cdisc: '0', track_all: '0', categories: '1' });
    expect(answer.cookie_config.cookie_types.map((type: { id: number }) => type.id)).toEqual([1, 2, 3]);
    expect(answer.consent).toEqual({
      decided: false,
      track_all: false,
      categories: [1],
      allowed_services: ['session'],
    });
    expect((await consent({})).consent).toEqual(answer.consent);
  });

  it('allows the categories chosen (joined with -), the necessary one always, unknown ones never', async () => {
    expect((await consent({ cdisc: '1', track_all: '0', categories: '3' })).consent).toEqual({
      decided: true,
      track_all: false,
      categories: [1, 3],
      allowed_services: ['session', 'youtube'],
    });
    expect((await consent({ cdisc: '1', track_all: '0', categories: '3-9-2' })).consent.categories).toEqual([
      1, 2, 3,
    ]);
  });

  it('allows every category with track_all', async () => {
    expect((await consent({ cdisc: '1', track_all: '1', categories: '1' })).consent).toEqual({
      decided: true,
      track_all: true,
      categories: [1, 2, 3],
      allowed_services: ['session', 'matomo', 'youtube'],
    });
  });

  it.each([
    ['cdisc', { cdisc: 'yes' }],
    ['track_all', { track_all: '2' }],
    ['categories', { categories: '1,3' }],
    ['categories', { categories: '1--3' }],
  ])('refuses a malformed %s with a 400 naming it', async (field, query) => {
    const response = await visitor.get('/api/v2/settings/consent', { query });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe(field);
  });
});
