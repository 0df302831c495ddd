import { type DocumentVersion, endpoints } from '@plaza/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { AuditPage } from './audit-page';
import { HistoryPage } from './history-page';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const superadmin = sessionUser(1, { permissions: ['superadmin'] });
const version = (id: number, name: string, value: unknown): DocumentVersion => ({
  id,
  key: 'menu',
  created_at: `2026-12-0${id}T10:00:00.000Z`,
  author: { id: 1, name },
  restored_from: null,
  value,
});

describe('the version history', () => {
  it('lists the versions newest first, shows the difference and restores one after a confirmation', async () => {
    const current = version(3, 'Ada Admin', [{ title: 'News' }]);
    const calls = stubFetch([
      answer(
        endpoints.admin.document,
        { key: 'menu', value: current.value, version_id: 3, updated_at: current.created_at },
        { params: { key: 'menu' } },
      ),
      answer(
        endpoints.admin.documentVersions,
        { results: [current, version(2, 'Bea Boss', [{ title: 'Jobs' }])], next_before: 2 },
        { params: { key: 'menu' } },
      ),
      answer(
        endpoints.admin.documentVersions,
        { results: [version(1, 'Cy Chief', [])], next_before: null },
        { params: { key: 'menu' }, query: { before: '2' } },
      ),
      answer(
        endpoints.admin.restoreDocumentVersion,
        { key: 'menu', value: [{ title: 'Jobs' }], version_id: 4, updated_at: '2026-12-04T10:00:00.000Z' },
        { params: { key: 'menu', id: 2 } },
      ),
    ]);
    renderInApp(<HistoryPage />, { path: '/en_GB/admin/history?document=menu', user: superadmin });
    const list = await screen.findByRole('list', { name: 'Versions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).queryByText(/Ada|Bea/)?.textContent)).toEqual([
      'Ada Admin',
      'Bea Boss',
    ]);
    // The current version cannot be restored; an earlier one can.
    expect(within(rows[0]!).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(rows[0]!).getByText('Current')).toBeTruthy();

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Show changes' }));
    const diff = within(rows[1]!).getByLabelText('Difference between the current value and this version');
    expect(diff.textContent).toMatch(/− +"title": "News"/);
    expect(diff.textContent).toMatch(/\+ +"title": "Jobs"/);

    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(await within(list).findByText('Cy Chief')).toBeTruthy();

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore this version?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect((await screen.findByRole('status')).textContent).toContain('The version was restored.');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/v2/admin/documents/menu/versions/2/restore',
    ]);
  });
});

describe('the audit log', () => {
  it('sends the filters as the contract names them, keeps them in the address and opens an entry', async () => {
    const event = {
      id: 40,
      at: '2026-12-02T08:00:00.000Z',
      actor: { id: 7, name: 'Ada Admin' },
      action: 'page.update',
      resource_type: 'page' as const,
      resource_id: '12',
      before: { title: 'Old' },
      after: { title: 'New' },
      ip: '10.0.0.1',
      user_agent: 'Firefox',
    };
    const calls = stubFetch([
      answer(endpoints.admin.audit, { results: [], next_before: null }),
      answer(
        endpoints.admin.audit,
        { results: [event], next_before: 40 },
        { query: { resource_type: 'page', actor_id: '7', from: '2026-12-01' } },
      ),
      answer(
        endpoints.admin.audit,
        { results: [{ ...event, id: 39, action: 'page.create' }], next_before: null },
        { query: { resource_type: 'page', before: '40' } },
      ),
    ]);
    const { router } = renderInApp(<AuditPage />, { path: '/en_GB/admin/audit', user: superadmin });
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Resource' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Page' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Member id' }), '7');
    const from = screen.getByLabelText('From');
    await userEvent.type(from, '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));

    const list = await screen.findByRole('list', { name: 'Audit entries' });
    expect(router.state.location.search).toBe('?resource_type=page&actor_id=7&from=2026-12-01');
    const last = new URL(calls.at(-1)!.url, 'http://x').searchParams;
    expect(Object.fromEntries(last)).toEqual({ resource_type: 'page', actor_id: '7', from: '2026-12-01' });

    const row = within(list).getByRole('listitem');
    expect(row.textContent).toContain('page.update');
    expect(row.textContent).toContain('Ada Admin');
    await userEvent.click(within(row).getByRole('button', { name: 'Details' }));
    const diff = within(row).getByLabelText('Before and after');
    expect(diff.textContent).toMatch(/− +"title": "Old"/);
    expect(diff.textContent).toMatch(/\+ +"title": "New"/);
    expect(row.textContent).toContain('10.0.0.1');

    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(await within(list).findByText('page.create')).toBeTruthy();
    expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('before')).toBe('40');
  });

  it('leaves out a filter the contract refuses instead of sending it', async () => {
    const calls = stubFetch([answer(endpoints.admin.audit, { results: [], next_before: null })]);
    renderInApp(<AuditPage />, {
      path: '/en_GB/admin/audit?action=DROP%20TABLE&actor_id=x',
      user: superadmin,
    });
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/v2/admin/audit']);
  });
});
