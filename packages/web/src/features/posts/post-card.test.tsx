import { type Comment, endpoints, type Post } from '@plaza/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { PostCard } from './post-card';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const post: Post = {
  id: 'post-7',
  item_id: 7,
  meta: { type: 'post' },
  author: { id: 5, name: 'Paula Poster', avatar: null },
  created_at: '2026-03-05T09:30:00.000Z',
  edited_at: null,
  description: '<p>Lunch?</p>',
  files: [],
  preview: null,
  group: null,
  topic: null,
  mentions: [],
  comments_allowed: true,
  likes_allowed: true,
  likes_count: 0,
  comments_count: 0,
  liked_by_me: false,
  permissions: [],
};

const reply: Comment = {
  id: 1,
  text: 'Yes!',
  author: { id: 3, name: 'Viewer', avatar: null },
  created_at: '2026-03-05T10:00:00.000Z',
  permissions: ['delete'],
};

const list = (results: Comment[]) => ({
  results,
  pagination: { self: 1, first: 1, last: 1, prev: null, next: null, total: results.length, per_page: 10 },
  can_comment: true,
});

describe('PostCard', () => {
  // An edited post looked like the original: it says "edited", with the edit time for everyone.
  it('marks an edited post with the time of the edit', () => {
    renderInApp(<PostCard post={{ ...post, edited_at: '2026-03-05T11:45:00.000Z' }} />, {
      user: sessionUser(3),
    });
    const marker = document.querySelector('article time[datetime="2026-03-05T11:45:00.000Z"]');
    expect(marker?.textContent).toMatch(/^editedEdited on 05\.03\.2026 \d\d:45$/);
    expect(marker?.getAttribute('title')).toMatch(/^Edited on 05\.03\.2026 \d\d:45$/);
    expect(screen.getByText('edited').getAttribute('aria-hidden')).toBe('true');
  });

  it('shows no marker on a post never edited', () => {
    renderInApp(<PostCard post={post} />, { user: sessionUser(3) });
    expect(screen.queryByText('edited')).toBeNull();
    expect(document.querySelectorAll('article time')).toHaveLength(1);
  });

  // The counter kept the stream's 0 after a comment was sent, until the page was reloaded.
  it('counts a comment the member has just sent', async () => {
    const answers = [answer(endpoints.comments.list, list([])), answer(endpoints.comments.write, reply)];
    stubFetch(answers);
    renderInApp(<PostCard post={post} commentsOpen />, { user: sessionUser(3) });
    expect(screen.getByRole('button', { name: '0 comments' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Write a comment' }), 'Yes!');
    answers.push(answer(endpoints.comments.list, list([reply])));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: '1 comment' })).toBeTruthy();
  });

  // Members could not correct their own post.
  it('lets the author change the text and sends it', async () => {
    const calls = stubFetch([
      answer(endpoints.posts.update, { ...post, description: '<p>Lunch at 1?</p>' }, { params: { id: 7 } }),
    ]);
    renderInApp(<PostCard post={{ ...post, permissions: ['edit', 'delete'] }} />, { user: sessionUser(5) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    // The dialog's chunk carries the editor: it may take a while on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' }, { timeout: 15_000 });
    const box = (await screen.findByRole('textbox', { name: 'Your post' })) as HTMLElement & {
      editor?: Editor;
    };
    await act(() => void box.editor!.chain().selectAll().insertContent('<p>Lunch at 1?</p>').run());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: expect.stringContaining('/api/v2/posts/7'),
      body: { description: '<p>Lunch at 1?</p>' },
    });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('offers no edit to others', () => {
    stubFetch([]);
    renderInApp(<PostCard post={{ ...post, permissions: ['delete'] }} />, { user: sessionUser(9) });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  // The confirmation's code loads when first asked for; delete must still ask before it deletes.
  it('asks before it deletes a post, and deletes it once confirmed', async () => {
    const calls = stubFetch([answer(endpoints.posts.remove, { success: true }, { params: { id: 7 } })]);
    renderInApp(<PostCard post={{ ...post, permissions: ['delete'] }} />, { user: sessionUser(3) });
    expect(screen.queryByRole('dialog')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete post?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.url).toContain('/api/v2/posts/7'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  // An image opened as a raw file in a new tab, described by its file name.
  it('opens a post’s images in a lightbox, described by the post, and steps through them', async () => {
    stubFetch([]);
    const image = (id: number) => ({
      id,
      name: `IMG_${id}.jpg`,
      type: 'image/webp',
      size: 100,
      link: `/api/v2/posts/file/${id}`,
      is_image: true,
    });
    renderInApp(<PostCard post={{ ...post, files: [image(1), image(2)] }} />, { user: sessionUser(3) });
    expect(screen.queryByAltText(/IMG_/)).toBeNull();
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: 'Image 1 of 2 in the post by Paula Poster, enlarge' }),
    );
    const box = await screen.findByRole('dialog', { name: 'Image 1 of 2' });
    expect(within(box).getByRole('img', { name: 'Image 1 of 2 in the post by Paula Poster' })).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Image 2 of 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open original' }).getAttribute('href')).toBe(
      '/api/v2/posts/file/2',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  // A link posted without a preview (issue 47, point 1) shows as a plain link card.
  it('shows a link kept without a preview as a plain link card that opens safely', () => {
    stubFetch([]);
    const url = 'https://intranet.example.com/wiki/Kantine?tag=1';
    const preview = { url, title: null, description: null, image: null, image_url: null, video_url: null };
    renderInApp(<PostCard post={{ ...post, preview }} />, { user: sessionUser(3) });
    const card = screen.getByRole('figure', { name: 'Link to intranet.example.com' });
    const link = within(card).getByRole('link', { name: /opens in a new tab/ });
    expect(link.textContent).toContain(url);
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });
});
