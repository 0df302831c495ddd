import { endpoints, type SettingsMenuItem } from '@plaza/contract';
import { adminTextAreas } from '@plaza/contract/constants';
import enAdmin from '@plaza/contract/locales/en_GB/admin.json';
import enAdminSettings from '@plaza/contract/locales/en_GB/admin-settings.json';
import enAdminSso from '@plaza/contract/locales/en_GB/admin-sso.json';
import enPageAdmin from '@plaza/contract/locales/en_GB/page_admin.json';
import enShopAdmin from '@plaza/contract/locales/en_GB/shop_admin.json';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { applyTextOverrides } from '../../lib/text-overrides';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { AdminHome, AdminLayout } from './admin-layout';

vi.setConfig({ testTimeout: 30_000 });

const section = (key: string, title: string): SettingsMenuItem => ({
  type: 'link',
  key,
  link: `/admin/${key}`,
  title,
  icon: null,
  status: null,
});

const area = (
  <Routes>
    <Route path="admin" element={<AdminLayout />}>
      <Route index element={<AdminHome />} />
      <Route path="members" element={<p>members section</p>} />
      <Route path="jobs/*" element={<p>jobs section</p>} />
      <Route path="audit" element={<p>audit section</p>} />
    </Route>
  </Routes>
);

const open = (
  path: string,
  administrationRoutes = [section('members', 'Members'), section('jobs', 'Jobs')],
) =>
  renderInApp(area, { path, user: sessionUser(3, { permissions: ['users', 'jobs'] }), administrationRoutes });

describe('the administration area', () => {
  it('lists only the sections the session allows, and marks the open one', async () => {
    open('/en_GB/admin/jobs/4');
    expect(await screen.findByText('jobs section')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Administration sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Members', '/en_GB/admin/members'],
      ['Jobs', '/en_GB/admin/jobs'],
    ]);
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
    expect(links[0]!.getAttribute('aria-current')).toBeNull();
    await userEvent.click(links[0]!);
    expect(await screen.findByText('members section')).toBeTruthy();
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
  });

  it('opens the first allowed section at /admin', async () => {
    const { router } = open('/en_GB/admin');
    expect(await screen.findByText('members section')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en_GB/admin/members');
  });

  it('sends a member to the 403 page for a section the session does not list, and for the area without any', () => {
    expect(open('/en_GB/admin/audit').router.state.location.pathname).toBe('/en_GB/403');
    expect(screen.queryByText('audit section')).toBeNull();
    expect(open('/en_GB/admin', []).router.state.location.pathname).toBe('/en_GB/403');
  });
});

describe("the administration's texts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are fetched when it opens (loading meanwhile), with the customer's own texts laid over them", async () => {
    const calls = stubFetch([
      answer(
        endpoints.settings.translations,
        {
          admin: { ...enAdmin, nav: { ...enAdmin.nav, label: 'Sections (fetched)' } },
          'admin-settings': enAdminSettings,
          'admin-sso': enAdminSso,
          page_admin: enPageAdmin,
          shop_admin: enShopAdmin,
        },
        { params: { locale: 'en_GB' }, query: { areas: adminTextAreas.join(',') } },
      ),
    ]);
    const { i18n } = renderInApp(area, {
      path: '/en_GB/admin/members',
      user: sessionUser(3, { permissions: ['users'] }),
      administrationRoutes: [section('members', 'Members')],
      areasLeftOut: adminTextAreas,
    });
    // The customer's own text of a key whose area is not there yet: laid over it once it is.
    applyTextOverrides(i18n, 'en_GB', { 'admin.title': 'Back office' });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText('members section')).toBeNull();
    const nav = await screen.findByRole('navigation', { name: 'Sections (fetched)' });
    expect(within(nav).getByRole('heading', { name: 'Back office' })).toBeTruthy();
    expect(screen.getByText('members section')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual([
      `/api/v2/languages/en_GB?${new URLSearchParams({ areas: adminTextAreas.join(',') })}`,
    ]);
    applyTextOverrides(i18n, 'en_GB', {});
  });
});

describe("the administration's former addresses", () => {
  it.each([
    ['/de_DE/manage_pages/12', '/de_DE/admin/pages/12', ''],
    ['/en_GB/manage_shop', '/en_GB/admin/shop', '?tab=orders&order=3'],
    ['/en_GB/manage_jobs/new', '/en_GB/admin/jobs/new', ''],
    ['/en_GB/members', '/en_GB/admin/members', ''],
    ['/en_GB/manage_subscriptions', '/en_GB/admin/subscriptions', '?tab=gifts'],
    ['/en_GB/manage_ratings', '/en_GB/admin/ratings', ''],
    ['/en_GB/tv_displays', '/en_GB/admin/tv', ''],
  ])('redirect %s to %s, keeping the query', async (from, to, search) => {
    const router = createMemoryRouter(routes, { initialEntries: [`${from}${search}`] });
    // The first loads the app shell's lazy module.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(to), { timeout: 15_000 });
    expect(router.state.location.search).toBe(search);
    router.dispose();
  });
});
