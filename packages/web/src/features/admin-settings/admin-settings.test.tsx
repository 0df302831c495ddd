import { type AdminDocumentKey, endpoints, type StoredMenuItem, settingsSchema } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { BrandingPage } from './branding-page';
import { MenusPage } from './menus-page';
import { SettingsPage } from './settings-page';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const doc = (key: AdminDocumentKey, value: unknown, version = 7) =>
  answer(
    endpoints.admin.document,
    { key, value, version_id: version, updated_at: null },
    { params: { key } },
  );

const settings = settingsSchema.parse({ company: { name: 'Nordlicht' } });

const renderAs = (ui: React.ReactNode, section: string) =>
  renderInApp(ui, {
    path: `/en_GB/admin/${section}`,
    routePath: `/:lang/admin/${section}`,
    user: sessionUser(1, { permissions: ['superadmin'] }),
  });

const menu: StoredMenuItem[] = [
  { type: 'dashboard', title: 'menu.main.dashboard' },
  { type: 'groups', title: { de_DE: 'Gruppen', en_GB: 'Teams' } },
  {
    type: 'external',
    title: { de_DE: 'Hilfe', en_GB: 'Help' },
    url: 'https://help.example',
    target: '_blank',
  },
];

describe('the branding page', () => {
  it('checks the contrast of the colours live against the variant', async () => {
    stubFetch([doc('settings', settings)]);
    renderAs(<BrandingPage />, 'branding');
    const text = await screen.findByTestId('contrast-primary_color-text');
    expect(text.textContent).toMatch(
      /Primary colour as text on the page: passes \(at least 4\.5:1\) \(\d+\.\d\d:1\)/,
    );

    const user = userEvent.setup();
    const primary = screen.getByRole('textbox', { name: 'Primary colour' });
    await user.clear(primary);
    await user.type(primary, '#ffff00');
    expect(screen.getByTestId('contrast-primary_color-text').textContent).toBe(
      'Primary colour as text on the page: fails: 1.01:1, needs 4.5:1',
    );
    // The dark variant: yellow reads well on the dark page.
    await user.click(screen.getByRole('combobox', { name: 'Variant' }));
    await user.click(screen.getByRole('option', { name: 'Dark' }));
    expect(screen.getByTestId('contrast-primary_color-text').textContent).toMatch(/passes/);
  });

  it('draws the preview in the chosen colours', async () => {
    stubFetch([doc('settings', settings)]);
    renderAs(<BrandingPage />, 'branding');
    const header = await screen.findByTestId('brand-preview-header');
    expect(getComputedStyle(header).backgroundColor).toBe('rgb(31, 95, 168)');
    expect(within(header).getByText('Nordlicht')).toBeTruthy();

    const user = userEvent.setup();
    const primary = screen.getByRole('textbox', { name: 'Primary colour' });
    await user.clear(primary);
    await user.type(primary, '#7a1f5c');
    await user.clear(screen.getByRole('textbox', { name: 'Company name' }));
    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Südwind');
    expect(getComputedStyle(screen.getByTestId('brand-preview-header')).backgroundColor).toBe(
      'rgb(122, 31, 92)',
    );
    expect(getComputedStyle(screen.getByTestId('brand-preview-header')).color).toBe('rgb(255, 255, 255)');
    expect(within(screen.getByTestId('brand-preview-header')).getByText('Südwind')).toBeTruthy();
  });

  it('shows the server refusing a colour at its field', async () => {
    const calls = stubFetch([
      doc('settings', settings),
      answerError(
        endpoints.admin.updateDocument,
        400,
        {
          errors: [
            {
              code: 'validation_failed',
              message: 'theme.secondary_color: contrast 2.1:1 with the text on it',
              field: 'theme.secondary_color',
            },
          ],
        },
        { params: { key: 'settings' } },
      ),
    ]);
    renderAs(<BrandingPage />, 'branding');
    const user = userEvent.setup();
    const secondary = await screen.findByRole('textbox', { name: 'Secondary colour' });
    await user.clear(secondary);
    await user.type(secondary, '#ffcc00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Secondary colour' }).getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    expect(screen.getAllByText(/contrast 2\.1:1 with the text on it/).length).toBeGreaterThan(0);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ base_version_id: 7, value: { theme: { secondary_color: '#ffcc00' } } });
  });
});

describe('the menus page', () => {
  it('reorders the main menu by keyboard and saves it on the version it read', async () => {
    const calls = stubFetch([
      doc('menu', menu, 3),
      doc(
        'settings_menu',
        [
          { key: 'profile', hidden: false },
          { key: 'logout', hidden: false },
        ],
        4,
      ),
      answer(
        endpoints.admin.updateDocument,
        { key: 'menu', value: [], version_id: 5, updated_at: null },
        { params: { key: 'menu' } },
      ),
    ]);
    renderAs(<MenusPage />, 'menus');
    const user = userEvent.setup();
    const down = await screen.findByRole('button', { name: 'Move Home down' });
    down.focus();
    await user.keyboard('{Enter}');
    // The focus follows the entry, so a second press moves it on.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Home down' }));
    await user.keyboard(' ');
    const list = screen.getByRole('list', { name: 'Main menu' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('button')[0]?.getAttribute('aria-label'))).toEqual([
      'Move Teams up',
      'Move Help up',
      'Move Home up',
    ]);
    expect(screen.getByRole('button', { name: 'Move Home down' }).hasAttribute('disabled')).toBe(true);

    const mainForm = screen.getByRole('heading', { name: 'Main menu' }).closest('form')!;
    await user.click(within(mainForm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v2/admin/documents/menu');
    expect(put.body).toEqual({ value: [menu[1], menu[2], menu[0]], base_version_id: 3 });
  });

  it('tells the admin someone else changed the menu and reloads it', async () => {
    const answers = [
      doc('menu', menu, 3),
      doc('settings_menu', [], 4),
      answerError(
        endpoints.admin.updateDocument,
        409,
        { errors: [{ code: 'conflict', message: 'The document changed meanwhile.' }] },
        { params: { key: 'menu' } },
      ),
    ];
    stubFetch(answers);
    renderAs(<MenusPage />, 'menus');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('switch', { name: 'Shown' }))[0]!);
    const mainForm = screen.getByRole('heading', { name: 'Main menu' }).closest('form')!;
    await user.click(within(mainForm).getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText(/Someone else changed this meanwhile/);
    // The reload reads the document as stored now (another admin's version), dropping the draft.
    answers.push(doc('menu', [menu[2]!], 9));
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }),
    );
    await waitFor(() => expect(screen.queryByText(/Someone else changed this meanwhile/)).toBeNull());
    const list = await screen.findByRole('list', { name: 'Main menu' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });
});

describe('the settings page', () => {
  it('shows every group with each option’s meaning and saves a flag', async () => {
    const calls = stubFetch([
      doc('settings', settings),
      answer(
        endpoints.admin.updateDocument,
        { key: 'settings', value: settings, version_id: 8, updated_at: null },
        { params: { key: 'settings' } },
      ),
    ]);
    renderAs(<SettingsPage />, 'settings');
    const user = userEvent.setup();
    const flag = await screen.findByRole('switch', { name: 'Occasions slider' });
    expect(flag.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(flag.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Shows birthdays and anniversaries as a slider on the dashboard.',
    );
    for (const group of [
      'General',
      'Languages',
      'Stream',
      'Groups',
      'Profile fields',
      'Directory',
      'Search',
      'Legal pages',
    ])
      expect(screen.getByRole('heading', { name: group })).toBeTruthy();
    await user.click(flag);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      base_version_id: 7,
      value: { show_occasions_slider: false, company: { name: 'Nordlicht' } },
    });
    expect(await screen.findByText('Saved. Members see the change when they next load a page.')).toBeTruthy();
  });
});
