import { endpoints } from '@plaza/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../test/fetch-stub';
import { renderInApp } from '../test/render-in-app';
import { EmployerRatingCard } from './employer-rating-card';

describe('EmployerRatingCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a location's score on 5 stars, its count and the link to its rating", async () => {
    stubFetch([
      answer(
        endpoints.ratings.card,
        { id: 4, title: 'Werk Nord', hidden: false, score: 3.83, ratings: 12 },
        { query: { location_id: '4' } },
      ),
    ]);
    renderInApp(<EmployerRatingCard locationId={4} />, { path: '/en_GB/jobs' });
    expect(await screen.findByRole('img', { name: '3.8 out of 5 stars' })).toBeTruthy();
    expect(screen.getByText('12 ratings')).toBeTruthy();
    expect(screen.getByText('Werk Nord')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the ratings' }).getAttribute('href')).toBe(
      '/en_GB/ratings/4',
    );
  });

  it('says there are not enough reviews yet instead of a score, and links to the list for every location', async () => {
    stubFetch([
      answer(endpoints.ratings.card, { id: null, title: null, hidden: true, score: null, ratings: 1 }),
    ]);
    renderInApp(<EmployerRatingCard />, { path: '/en_GB/jobs' });
    expect(await screen.findByText('Not enough reviews yet')).toBeTruthy();
    expect(screen.getByText('1 rating')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'See the ratings' }).getAttribute('href')).toBe('/en_GB/ratings');
  });
});
