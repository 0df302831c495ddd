import { type AdminJob, endpoints, type UserPermission } from '@plaza/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { JobEditorPage } from './job-editor-page';
import { JobListPage } from './job-list-page';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const job: AdminJob = {
  id: 4,
  state: 'draft',
  title: 'Lagerleitung',
  locale: 'de_DE',
  field: 'logistics',
  location_id: 2,
  employment_type: 'full_time',
  available_in: '2027-03-01',
  tasks: ['Planen'],
  profile: '',
  offer: '',
  img: null,
  created_at: '2026-11-01T10:00:00.000Z',
  published_at: null,
  closed_at: null,
};

const listAs = (permissions: UserPermission[]) =>
  renderInApp(<JobListPage />, {
    path: '/en_GB/admin/jobs',
    routePath: '/:lang/admin/jobs',
    user: sessionUser(9, { permissions }),
  });

describe('the jobs administration', () => {
  it('sends members without the jobs permission to the 403 page, asking nothing', () => {
    const calls = stubFetch([]);
    const { router } = listAs(['users']);
    expect(router.state.location.pathname).toBe('/en_GB/403');
    expect(calls).toHaveLength(0);
  });

  it('lists every job with its state for the jobs permission', async () => {
    stubFetch([
      answer(endpoints.jobs.adminList, {
        results: [
          {
            id: 4,
            title: 'Lagerleitung',
            state: 'draft',
            img: null,
            location: 'Leipzig',
            created_at: job.created_at,
            published_at: null,
          },
        ],
        next_before: null,
      }),
    ]);
    listAs(['jobs']);
    const list = await screen.findByRole('list', { name: 'Jobs' });
    expect(within(list).getByRole('link', { name: 'Lagerleitung' }).getAttribute('href')).toBe(
      '/en_GB/admin/jobs/4',
    );
    expect(within(list).getByText('Draft')).toBeTruthy();
  });

  it('edits a job with the date as the member writes it and publishes it', async () => {
    const calls = stubFetch([
      answer(endpoints.jobs.adminGet, job, { params: { id: 4 } }),
      answer(endpoints.jobs.adminLocations, { results: [{ id: 2, name: 'Leipzig' }] }),
      answer(endpoints.jobs.adminSave, job, { params: { id: 4 } }),
      answer(
        endpoints.jobs.adminPublish,
        { ...job, state: 'open', published_at: job.created_at },
        { params: { id: 4 } },
      ),
    ]);
    renderInApp(<JobEditorPage />, {
      path: '/en_GB/admin/jobs/4',
      routePath: '/:lang/admin/jobs/:id',
      user: sessionUser(9, { permissions: ['superadmin'] }),
    });
    const date = await screen.findByRole('textbox', { name: 'Available from (DD/MM/YYYY)' });
    expect((date as HTMLInputElement).value).toBe('01/03/2027');
    const user = userEvent.setup();
    await user.clear(date);
    await user.type(date, '31/02/2027');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Please enter a date as DD/MM/YYYY.')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.clear(date);
    await user.type(date, '2.4.2027');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The job has been published.')).toBeTruthy();
    const save = calls.find((call) => call.method === 'PUT');
    expect(save?.body).toMatchObject({
      title: 'Lagerleitung',
      available_in: '2027-04-02',
      location_id: 2,
      tasks: ['Planen'],
    });
    expect(
      calls.some((call) => call.method === 'POST' && call.url.endsWith('/api/v2/admin/jobs/4/publish')),
    ).toBe(true);
  });
});
