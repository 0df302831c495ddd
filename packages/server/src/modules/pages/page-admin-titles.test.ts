import { legalPageType } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { pageAdminFixture } from '../../../test/page-admin-fixture';
import { createPage } from './service';

// The English page list showed the German titles of the legal pages (stored German with a translation).
describe('the administration’s page list in the reader’s language', () => {
  let t: TestApp;
  let admin: TestClient;
  let imprintId: number;

  beforeAll(async () => {
    ({ t, admin } = await pageAdminFixture());
    imprintId = await createPage(t.db, {
      type: legalPageType,
      title: 'Impressum',
      content: '<p>Angaben</p>',
      visibility: 'all',
      translations: { en_GB: { title: 'Imprint', content: '<p>Details</p>' } },
    });
  });
  afterAll(() => t.close());

  const titleIn = async (locale: string) => {
    const response = await admin.get('/api/v2/admin/pages', { query: { locale } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().results as { id: number; title: string }[]).find((p) => p.id === imprintId)
      ?.title;
  };

  it('names a translated page in the reader’s language', async () => {
    expect(await titleIn('en_GB')).toBe('Imprint');
    expect(await titleIn('de_DE')).toBe('Impressum');
  });

  it('shows the draft’s new title while a draft renames the page', async () => {
    const saved = await admin.put(`/api/v2/admin/pages/${imprintId}`, {
      title: 'Impressum 2026',
      visibility: 'all',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await titleIn('en_GB')).toBe('Impressum 2026');
  });
});
