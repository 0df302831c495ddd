import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render-in-app';
import { BackToTop } from './back-to-top';

/** Scrolls the window to `y` as the browser would: the position, then the event. */
function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('BackToTop', () => {
  afterEach(() => {
    scrollTo(0);
    vi.restoreAllMocks();
  });

  it('is not there at the top, appears past 400 px and brings the page back up', async () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderInApp(<BackToTop />);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrollTo(300);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrollTo(900);
    fireEvent.click(await screen.findByRole('button', { name: 'Back to top' }));
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
