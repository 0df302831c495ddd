import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../test/render-in-app';
import { RatingStars, toHalfStep } from './rating-stars';

describe('RatingStars', () => {
  it.each([
    [3.83, 4],
    [3.74, 3.5],
    [0.2, 0],
    [9.76, 10],
  ])('rounds %d to the half step %d', (value, shown) => {
    expect(toHalfStep(value)).toBe(shown);
  });

  it('names the unrounded score and its scale, on 5 stars by default and 10 on request', () => {
    renderInApp(
      <>
        <RatingStars value={3.83} />
        <RatingStars value={7.5} max={10} />
      </>,
      { path: '/en_GB/ratings' },
    );
    expect(screen.getByRole('img', { name: '3.8 out of 5 stars' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '7.5 out of 10 stars' })).toBeTruthy();
  });
});
