import { type Comment, endpoints } from '@plaza/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { CommentsPanel } from './comments-panel';

// Rendering MUI in jsdom is slow on a busy machine; this bounds a hang, it measures nothing.
vi.setConfig({ testTimeout: 20_000 });

function comment(id: number, text: string): Comment {
  return {
    id,
    text,
    author: { id: 2, name: 'Rolf Reader', avatar: null },
    created_at: '2026-11-23T10:00:00Z',
    permissions: [],
  };
}

const commentList = (results: Comment[]) => ({
  results,
  pagination: { self: 1, first: 1, last: 1, prev: null, next: null, total: results.length, per_page: 10 },
  can_comment: true,
});

describe('CommentsPanel', () => {
  it('shows a comment as the text it is: markup in it is never HTML', async () => {
    const texts = ['<b>x</b>', '<img src=x onerror="alert(1)"> & <script>alert(2)</script>', 'a<b && 3 < 4'];
    stubFetch([
      answer(endpoints.comments.list, commentList(texts.map((text, index) => comment(index + 1, text)))),
    ]);
    renderInApp(<CommentsPanel type="post" id={7} />);
    const list = await screen.findByRole('list');
    for (const text of texts) expect(within(list).getByText(text)).toBeTruthy();
    expect(list.querySelector('b, img, script')).toBeNull();
    expect(list.textContent).toContain('<b>x</b>');
  });

  it('sends what the member typed, markup included, only trimmed', async () => {
    const calls = stubFetch([
      answer(endpoints.comments.list, commentList([])),
      answer(endpoints.comments.write, comment(1, 'Use List<string> & <b>x</b>')),
    ]);
    renderInApp(<CommentsPanel type="post" id={7} />);
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: 'Write a comment' }),
      '  Use List<string> & <b>x</b>  ',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      type: 'post',
      id: 7,
      text: 'Use List<string> & <b>x</b>',
    });
  });

  // Members could not correct a comment they had sent.
  it('lets the writer change a comment in place', async () => {
    const mine = { ...comment(3, 'Yse!'), permissions: ['edit', 'delete'] as Comment['permissions'] };
    const answers = [
      answer(endpoints.comments.list, commentList([mine])),
      answer(endpoints.comments.update, { ...mine, text: 'Yes!' }, { params: { id: 3 } }),
    ];
    const calls = stubFetch(answers);
    renderInApp(<CommentsPanel type="post" id={7} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit comment' }));
    const field = screen.getByRole('textbox', { name: 'Your comment' });
    await user.clear(field);
    await user.type(field, ' Yes! ');
    answers.push(answer(endpoints.comments.list, commentList([{ ...mine, text: 'Yes!' }])));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Yes!')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: expect.stringContaining('/api/v2/comments/3'),
      body: { text: 'Yes!' },
    });
  });
});
