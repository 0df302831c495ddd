import { endpoints } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { TextsPage } from './texts-page';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const bundles = {
  de_DE: { groups: { list: { title: 'Gruppen', intro: 'Finde Leute mit deinen Interessen.' } } },
  en_GB: { groups: { list: { title: 'Groups', intro: 'Find people who share your interests.' } } },
};

describe('the texts page', () => {
  it('searches the built-in texts of both languages, sets an own text and resets another to the built-in one', async () => {
    const calls = stubFetch([
      answer(endpoints.settings.translations, bundles.de_DE, { params: { locale: 'de_DE' } }),
      answer(endpoints.settings.translations, bundles.en_GB, { params: { locale: 'en_GB' } }),
      answer(endpoints.admin.textOverrides, {}, { params: { locale: 'de_DE' } }),
      answer(
        endpoints.admin.textOverrides,
        { 'groups.list.title': 'Teams' },
        { params: { locale: 'en_GB' } },
      ),
      answer(
        endpoints.admin.document,
        {
          key: 'text_overrides',
          value: { en_GB: { 'groups.list.title': 'Teams' } },
          version_id: 2,
          updated_at: null,
        },
        { params: { key: 'text_overrides' } },
      ),
      answer(
        endpoints.admin.updateDocument,
        { key: 'text_overrides', value: {}, version_id: 3, updated_at: null },
        { params: { key: 'text_overrides' } },
      ),
    ]);
    renderInApp(<TextsPage />, {
      path: '/en_GB/admin/texts',
      routePath: '/:lang/admin/texts',
      user: sessionUser(1, { permissions: ['superadmin'] }),
    });
    // Without a search: the texts that have an own wording.
    const list = await screen.findByRole('list', { name: 'Texts' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText('groups.list.title')).toBeTruthy();

    const user = userEvent.setup();
    // A German word finds the text; both built-in texts are shown.
    await user.type(screen.getByRole('searchbox', { name: 'Search texts' }), 'interessen');
    const row = await within(list).findByText('groups.list.intro');
    const item = row.closest('li')!;
    expect(within(item).getByText('English: Find people who share your interests.')).toBeTruthy();
    await user.type(within(item).getByRole('textbox', { name: 'Own text (German)' }), 'Teams für alle');

    await user.clear(screen.getByRole('searchbox', { name: 'Search texts' }));
    await user.click(
      await screen.findByRole('button', { name: 'Reset groups.list.title to the built-in text' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      value: { de_DE: { 'groups.list.intro': 'Teams für alle' }, en_GB: {} },
      base_version_id: 2,
    });
    // After the save the app asks for the language's own texts again and lays them over its bundle.
    const put = calls.findIndex((c) => c.method === 'PUT');
    await waitFor(() =>
      expect(calls.findLastIndex((c) => c.url === '/api/v2/languages/en_GB/overrides')).toBeGreaterThan(put),
    );
    await waitFor(() => expect(i18n.getResource('en_GB', 'translation', 'groups.list.title')).toBe('Teams'));
  });
});
