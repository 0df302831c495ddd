import { endpoints, type Job, type JobList } from '@plaza/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp, testSettings } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { JobPage } from './job-page';
import { JobsPage } from './jobs-page';

const emptyList: JobList = {
  results: [],
  pagination: { self: 1, first: 1, last: null, prev: null, next: null, total: null, per_page: 20 },
};

const job: Job = {
  id: 7,
  title: 'Köchin & Koch',
  img: null,
  locale: 'de_DE',
  field: { id: 'production', label: 'Production' },
  location: { id: 3, name: 'Berlin' },
  employment_type: { id: 'full_time', label: 'Full-time' },
  available_in: '2027-03-01',
  tasks: ['Kochen', 'Abschmecken'],
  profile: 'Erfahrung',
  offer: 'Ein Team',
  published_at: '2026-11-01T10:00:00.000Z',
  pagination: { prev: 6, next: null },
};

function stubJobsPage(list: JobList = emptyList) {
  return stubFetch([
    answer(endpoints.jobs.list, list),
    answer(endpoints.jobs.filters, { results: [] }),
    answer(endpoints.ratings.card, { id: null, title: null, hidden: true, score: null, ratings: 0 }),
  ]);
}

describe('the jobs list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says there are no open jobs, not "no results", when nothing narrows the list', async () => {
    stubJobsPage();
    renderInApp(<JobsPage />, { path: '/en_GB/jobs' });
    expect(await screen.findByText('There are no open jobs at the moment.')).toBeTruthy();
    expect(screen.queryByText('No jobs match your search or filters.')).toBeNull();
  });

  it.each([
    ['a filter', '/en_GB/jobs?filters[field]=it'],
    ['a search text', '/en_GB/jobs?query=koch'],
  ])('says "no results" when %s is active and nothing matches', async (_what, path) => {
    stubJobsPage();
    renderInApp(<JobsPage />, { path });
    expect(await screen.findByText('No jobs match your search or filters.')).toBeTruthy();
  });
});

describe('a job', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every field, the date as DD.MM.YYYY, and opens a mail draft to the receiver', async () => {
    stubFetch([answer(endpoints.jobs.get, job, { params: { id: 7 } })]);
    renderInApp(<JobPage />, {
      path: '/en_GB/jobs/7?filters[location]=3',
      routePath: '/:lang/jobs/:id',
      user: sessionUser(1, { firstname: 'Ada', lastname: 'Lovelace' }),
      settings: testSettings({ jobs_option: { receiver_email: 'jobs@example.org' } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Köchin & Koch' })).toBeTruthy();
    expect(screen.getByText('01.03.2027')).toBeTruthy();
    expect(screen.getByText('Abschmecken')).toBeTruthy();
    const apply = screen.getByRole('link', { name: 'Apply by email' });
    const href = apply.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:jobs@example.org?subject=')).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Application: Köchin & Koch');
    expect(url.searchParams.get('body')).toContain('"Köchin & Koch" (Berlin)');
    expect(url.searchParams.get('body')).toContain('Ada Lovelace');
    expect(screen.getByRole('link', { name: 'Previous job' }).getAttribute('href')).toBe(
      '/en_GB/jobs/6?filters%5Blocation%5D=3',
    );
    expect(screen.queryByRole('link', { name: 'Next job' })).toBeNull();
  });

  it('has no apply button but a note when no receiver is configured', async () => {
    stubFetch([answer(endpoints.jobs.get, job, { params: { id: 7 } })]);
    renderInApp(<JobPage />, { path: '/en_GB/jobs/7', routePath: '/:lang/jobs/:id', user: sessionUser(1) });
    expect(await screen.findByText(/Applications by email are not set up yet/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Apply by email' })).toBeNull();
  });
});
