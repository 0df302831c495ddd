import { endpoints } from '@plaza/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { LazyCreatePostBox } from './lazy-create-post-box';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const pagination = { self: 1, first: 1, last: 1, prev: null, next: null, total: 0, per_page: 20 };

describe('LazyCreatePostBox', () => {
  // The box stood fully open with all its fields on every dashboard, pushing the feed down.
  it('is one line until used, then opens the editor with the cursor in it; cancel folds it again', async () => {
    const calls = stubFetch([
      answer(endpoints.posts.options, { results: [], allow_without_group: true }),
      answer(endpoints.posts.authors, { results: [], pagination, enabled: false }),
    ]);
    renderInApp(<LazyCreatePostBox />, { user: sessionUser(3, { firstname: 'Anna' }) });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls).toHaveLength(0);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: "What's new, Anna?" }));
    const editor = await screen.findByRole('textbox', { name: 'Your post' }, { timeout: 15_000 });
    await waitFor(() => expect(document.activeElement).toBe(editor));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Your post' })).toBeNull();
    expect(screen.getByRole('button', { name: "What's new, Anna?" })).toBeTruthy();
  });
});
