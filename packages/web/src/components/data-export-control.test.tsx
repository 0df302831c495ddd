import { type DataExport, endpoints } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../test/fetch-stub';
import { renderInApp } from '../test/render-in-app';
import { sessionUser } from '../test/session-user';
import { DataExportControl } from './data-export-control';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const exported = (state: DataExport['state'], extra: Partial<DataExport> = {}): DataExport => ({
  id: 5,
  member_id: 9,
  state,
  requested_at: '2026-12-02T08:00:00.000Z',
  ready_at: null,
  expires_at: null,
  size: null,
  download_path: null,
  ...extra,
});

const show = (own: boolean) =>
  renderInApp(<DataExportControl memberId={own ? 9 : 12} own={own} />, {
    user: sessionUser(9, { permissions: own ? [] : ['users'] }),
  });

describe('DataExportControl', () => {
  it('asks for the own data and then says it is being prepared', async () => {
    const calls = stubFetch([
      answer(endpoints.personalData.ownStatus, { export: null }),
      answer(endpoints.personalData.requestOwn, exported('requested')),
    ]);
    show(true);
    const section = await screen.findByRole('region', { name: 'Your data' });
    const button = await within(section).findByRole('button', { name: 'Download my data' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(within(section).getByRole('status').textContent).toMatch(/being prepared/));
    expect(within(section).queryByRole('button', { name: 'Download my data' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v2/me/data_export')).toBe(true);
  });

  it('offers the download of a ready export with its end and size', async () => {
    stubFetch([
      answer(endpoints.personalData.ownStatus, {
        export: exported('ready', {
          ready_at: '2026-12-02T08:05:00.000Z',
          expires_at: '2026-12-09T08:05:00.000Z',
          size: 2048,
          download_path: '/api/v2/data_exports/5/download',
        }),
      }),
    ]);
    show(true);
    const link = await screen.findByRole('link', { name: 'Download zip file' });
    expect(link.getAttribute('href')).toBe('/api/v2/data_exports/5/download');
    expect(screen.getByRole('status').textContent).toMatch(/ready to download until 09\.12\.2026/);
    expect(screen.getByRole('status').textContent).toMatch(/2 KB/);
  });

  it('says an expired export is gone and lets an administrator ask for a member’s export again', async () => {
    const calls = stubFetch([
      answer(
        endpoints.personalData.statusFor,
        { export: exported('expired', { member_id: 12 }) },
        { params: { id: 12 } },
      ),
      answer(endpoints.personalData.requestFor, exported('requested', { member_id: 12 }), {
        params: { id: 12 },
      }),
    ]);
    show(false);
    const section = await screen.findByRole('region', { name: "Member's data" });
    await waitFor(() => expect(within(section).getByRole('status').textContent).toMatch(/expired/));
    expect(within(section).queryByRole('link')).toBeNull();
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Export data' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v2/members/12/data_export')).toBe(true),
    );
  });
});
