import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render-in-app';
import { EmojiPickerButton } from './emoji-picker-button';

vi.setConfig({ testTimeout: 30_000 });

// jsdom measures nothing; the picker only needs the observer to exist.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => vi.unstubAllGlobals());

// The picker's emoji cells had empty aria-labels: each emoji is named, and no cell has an empty name.
describe('EmojiPickerButton', () => {
  it('names every emoji cell and leaves no empty aria-label', async () => {
    renderInApp(<EmojiPickerButton onSelect={() => {}} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Insert emoji' }));
    const grinning = await screen.findByRole('gridcell', { name: 'Grinning face' }, { timeout: 20_000 });
    expect(grinning.textContent).toBe('😀');
    expect(grinning.getAttribute('title')).toBe('Grinning face');
    await waitFor(() => expect(document.querySelectorAll('[frimousse-emoji]').length).toBeGreaterThan(8));
    expect(document.querySelectorAll('[aria-label=""]')).toHaveLength(0);
  });
});
