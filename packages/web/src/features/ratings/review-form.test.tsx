import { endpoints, type Rating } from '@plaza/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { ReviewForm, starsToPoints } from './review-form';

const rating: Rating = {
  id: 3,
  title: 'Werk Nord',
  city: 'Hamburg',
  hidden: true,
  overall_evaluation: null,
  softskill_5: null,
  recommendation: null,
  ratings: [
    { id: 11, label: 'Teamwork', score: null, ratings: null },
    { id: 12, label: 'Pay', score: null, ratings: null },
  ],
  total_count: 2,
  last_updated: null,
  reviewed_this_year: false,
};

describe('ReviewForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns half-step stars into points', () => {
    expect([0.5, 2.5, 5].map(starsToPoints)).toEqual([1, 5, 10]);
  });

  it('is filled by keyboard alone and sends every score in points', async () => {
    const calls = stubFetch([
      answer(endpoints.ratings.review, { ...rating, total_count: 3 }, { params: { id: 3 } }),
    ]);
    const onSent = vi.fn();
    renderInApp(<ReviewForm rating={rating} open onClose={() => {}} onSent={onSent} />, {
      path: '/en_GB/ratings/3',
    });
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Your rating of Werk Nord' });
    const choose = async (group: string, stars: string) => {
      const radios = within(dialog).getByRole('group', { name: group });
      within(radios).getByRole('radio', { name: stars }).focus();
      await user.keyboard(' ');
      expect((within(radios).getByRole('radio', { name: stars }) as HTMLInputElement).checked).toBe(true);
    };
    await choose('Overall evaluation', '4.5 stars');
    await choose('Teamwork', '3 stars');
    await choose('Pay', '2.5 stars');
    within(dialog).getByRole('radio', { name: 'Yes' }).focus();
    await user.keyboard(' ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), 'Gutes Team');
    await user.click(within(dialog).getByRole('button', { name: 'Send rating' }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/v2/ratings/3/reviews',
      body: {
        overall_evaluation: 9,
        recommendation: true,
        comment: 'Gutes Team',
        scores: [
          { category_id: 11, score: 6 },
          { category_id: 12, score: 5 },
        ],
      },
    });
  });

  it('asks for every score before sending', async () => {
    const calls = stubFetch([]);
    renderInApp(<ReviewForm rating={rating} open onClose={() => {}} onSent={() => {}} />, {
      path: '/en_GB/ratings/3',
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send rating' }));
    expect(screen.getByRole('alert').textContent).toBe('Please give every score.');
    expect(calls).toHaveLength(0);
  });
});
