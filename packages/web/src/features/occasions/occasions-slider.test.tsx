import { endpoints, type Occasion } from '@plaza/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { directoryUser } from '../../test/directory-user';
import { answer, stubFetch } from '../../test/fetch-stub';
import { stubScreen } from '../../test/match-media';
import { renderInApp } from '../../test/render-in-app';
import { OccasionsSlider, occasionsSliderIntervalMs } from './occasions-slider';

const occasion = (n: number): Occasion => ({
  id: `${n % 2 ? 'birthday' : 'anniversary'}-${n}`,
  type: n % 2 ? 'birthday' : 'anniversary',
  user: directoryUser(n, 'Person', `${n}`, { username: `p${n}` }),
  img: null,
  date: `2026-12-0${(n % 9) + 1}`,
  is_birth_year_visible: n !== 1,
  age: n % 2 && n !== 1 ? 30 + n : null,
  years: n % 2 ? null : n,
});

function renderSlider(width: number, count = 10, options: { reducedMotion?: boolean } = {}) {
  stubScreen(width, options);
  const calls = stubFetch([
    answer(endpoints.occasions.feed, { results: Array.from({ length: count }, (_, i) => occasion(i + 1)) }),
  ]);
  renderInApp(<OccasionsSlider />, { path: '/en_GB' });
  return calls;
}

const shownNames = () =>
  screen.getAllByRole('group').map((slide) => within(slide).getByRole('link').textContent ?? '');

describe('OccasionsSlider', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a carousel of 3 on wide screens with a show-all link', async () => {
    const calls = renderSlider(1366);
    expect(await screen.findByRole('region', { name: 'Birthdays and anniversaries' })).toBeTruthy();
    expect(screen.getAllByRole('group', { name: /of 10$/ })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Show all' }).getAttribute('href')).toBe('/en_GB/occasions');
    expect(calls[0]!.url).toContain('limit=12');
  });

  it('shows the first 6 as a feed on phones instead of the carousel', async () => {
    const calls = renderSlider(390);
    const feed = await screen.findByRole('list', { name: 'Birthdays and anniversaries' });
    expect(within(feed).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(calls[0]!.url).toContain('limit=6');
  });

  it('tiles open the profile and show the date without the year when it is hidden', async () => {
    renderSlider(390);
    const first = await screen.findByRole('link', { name: /Person 1\b/ });
    expect(first.getAttribute('href')).toBe('/en_GB/who_is_who/1');
    expect(first.textContent).toContain('Birthday');
    expect(first.textContent).toContain('2nd December');
    expect(first.textContent).not.toContain('2026');
    const second = screen.getByRole('link', { name: /Person 2\b/ });
    expect(second.textContent).toContain('3rd December 2026');
    expect(second.textContent).toContain('2 years of service');
  });

  it('steps with next and previous and moves on by itself until paused', async () => {
    renderSlider(1366);
    await screen.findByRole('region', { name: 'Birthdays and anniversaries' });
    expect(shownNames()[0]).toContain('Person 1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shownNames()[0]).toContain('Person 2');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(shownNames()[0]).toContain('Person 10');

    // Focus inside pauses the rotation; move focus out and let time pass.
    (document.activeElement as HTMLElement).blur();
    vi.useFakeTimers();
    act(() => screen.getByRole('region').dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    act(() => vi.advanceTimersByTime(occasionsSliderIntervalMs));
    expect(shownNames()[0]).toContain('Person 1');
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Pause the rotation' }));
    expect(screen.getByRole('button', { name: 'Start the rotation' })).toBeTruthy();
    (document.activeElement as HTMLElement).blur();
    const before = shownNames()[0];
    vi.useFakeTimers();
    act(() => vi.advanceTimersByTime(occasionsSliderIntervalMs * 2));
    expect(shownNames()[0]).toBe(before);
  });

  it('does not move by itself when reduced motion is asked for', async () => {
    renderSlider(1366, 10, { reducedMotion: true });
    await screen.findByRole('region', { name: 'Birthdays and anniversaries' });
    expect(screen.getByRole('button', { name: 'Start the rotation' })).toBeTruthy();
    vi.useFakeTimers();
    act(() => vi.advanceTimersByTime(occasionsSliderIntervalMs * 3));
    expect(shownNames()[0]).toContain('Person 1');
  });
});
