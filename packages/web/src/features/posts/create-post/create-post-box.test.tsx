import { endpoints, type Post, type PostFile, type PostSelectOption } from '@plaza/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, respond, type StubAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderInApp } from '../../../test/render-in-app';
import { CreatePostBox } from './create-post-box';

const options: { results: PostSelectOption[]; allow_without_group: boolean } = {
  results: [
    { identifier: 'group-1', label: 'Garden', id: 1, type: 'group', properties: [] },
    {
      identifier: 'group-2',
      label: 'Kitchen',
      id: 2,
      type: 'group',
      properties: [{ key: 'topic', value: 'Recipes', id: 7, type: 'topic' }],
    },
  ],
  allow_without_group: false,
};
const pagination = { self: 1, first: 1, last: 1, prev: null, next: null, total: 0, per_page: 20 };

function answers(extra: StubAnswer[] = []): StubAnswer[] {
  return [
    answer(endpoints.posts.options, options),
    answer(endpoints.posts.authors, { results: [], pagination, enabled: false }),
    ...extra,
  ];
}

/** The post the server answers a create with: in group 1 (Garden), by the viewer. */
function createdPost(itemId: number, description: string): Post {
  return {
    id: `post-${itemId}`,
    item_id: itemId,
    meta: { type: 'post' },
    author: { id: 5, name: 'Viewer', avatar: null },
    created_at: '2026-03-05T09:30:00.000Z',
    edited_at: null,
    description,
    files: [],
    preview: null,
    group: { id: 1, name: 'Garden' },
    topic: null,
    mentions: [],
    comments_allowed: true,
    likes_allowed: true,
    likes_count: 0,
    comments_count: 0,
    liked_by_me: false,
    permissions: ['delete'],
  };
}

/** The TipTap editor behind the text box (TipTap keeps it on its DOM node). */
function editorOf(): Editor {
  const node = screen.getByRole('textbox', { name: 'Your post' }) as HTMLElement & { editor?: Editor };
  if (!node.editor) throw new Error('no editor');
  return node.editor;
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

const write = (text: string) => act(() => void editorOf().commands.insertContent(text));

afterEach(() => vi.unstubAllGlobals());

// MUI selects and TipTap are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('CreatePostBox', () => {
  it('stays disabled until there is text, and on the dashboard until a group is chosen', async () => {
    stubFetch(answers());
    renderInApp(<CreatePostBox />);
    const submit = screen.getByRole('button', { name: 'Post' });
    expect(isDisabled(submit)).toBe(true);
    await screen.findByRole('combobox', { name: /Group/ });
    write('Hello everyone');
    expect(isDisabled(submit)).toBe(true);
    await userEvent.click(screen.getByRole('combobox', { name: /Group/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Kitchen' }));
    // Kitchen has topics, so one must be chosen.
    expect(isDisabled(submit)).toBe(true);
    await userEvent.click(screen.getByRole('combobox', { name: /Topic/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Recipes' }));
    expect(isDisabled(submit)).toBe(false);
  });

  it('on a group page the group is preselected; success sends it and resets the form', async () => {
    const created = createdPost(9, '<p>Roof garden opens on Friday</p>');
    const calls = stubFetch(answers([answer(endpoints.posts.create, created)]));
    renderInApp(<CreatePostBox groupId={1} />);
    expect(screen.queryByRole('combobox', { name: /Group/ })).toBeNull();
    const submit = screen.getByRole('button', { name: 'Post' });
    await waitFor(() => expect(calls.some((call) => call.url.includes('/posts/options'))).toBe(true));
    write('Roof garden opens on Friday');
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    await userEvent.click(submit);
    await waitFor(() => expect(editorOf().isEmpty).toBe(true));
    const sent = calls.find((call) => call.method === 'POST' && call.url === '/api/v2/posts');
    expect(sent?.body).toMatchObject({
      group_id: 1,
      topic_id: null,
      files: [],
      preview: null,
      description: '<p>Roof garden opens on Friday</p>',
    });
    expect(isDisabled(submit)).toBe(true);
  });

  it('offers the author choice only when the server enables it, and sends the chosen author', async () => {
    const calls = stubFetch(
      answers([
        answer(endpoints.posts.authors, {
          results: [{ id: 12, name: 'Editorial team', avatar: null }],
          pagination,
          enabled: true,
        }),
        answer(endpoints.posts.create, {
          ...createdPost(3, '<p>From the editors</p>'),
          author: { id: 12, name: 'Editorial team', avatar: null },
        }),
      ]),
    );
    renderInApp(<CreatePostBox groupId={1} />);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Post as' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Editorial team' }));
    write('From the editors');
    const submit = screen.getByRole('button', { name: 'Post' });
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    await userEvent.click(submit);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ author_id: 12 }),
    );
  });

  it('keeps the text and shows the error when posting fails', async () => {
    stubFetch(
      answers([answerError(endpoints.posts.create, 403, { errors: [{ code: 'forbidden', message: 'No' }] })]),
    );
    renderInApp(<CreatePostBox groupId={1} />);
    write('Will this work?');
    const submit = screen.getByRole('button', { name: 'Post' });
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    await userEvent.click(submit);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(editorOf().getText()).toBe('Will this work?');
    expect(isDisabled(submit)).toBe(false);
  });

  it('waits for an uploading file and removes an uploaded one', async () => {
    let finish: (value: Response) => void = () => undefined;
    const calls = stubFetch(
      answers([answer(endpoints.posts.removeFile, { success: true }, { params: { id: 4 } })]),
    );
    const fetchStub = vi.mocked(fetch);
    const original = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input) === '/api/v2/posts/file' && init?.method === 'POST') {
        return new Promise<Response>((resolve) => {
          finish = resolve;
        });
      }
      return original(input, init);
    });
    renderInApp(<CreatePostBox groupId={1} />);
    write('With a file');
    const submit = screen.getByRole('button', { name: 'Post' });
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    await userEvent.upload(
      screen.getByTestId('post-file-input'),
      new File(['x'], 'plan.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByLabelText('Uploading plan.pdf')).toBeTruthy();
    expect(isDisabled(submit)).toBe(true);
    const file: PostFile = {
      id: 4,
      name: 'plan.pdf',
      type: 'application/pdf',
      size: 1,
      link: '/api/v2/posts/file/4',
      is_image: false,
    };
    await act(async () => finish(respond(answer(endpoints.posts.uploadFile, file))));
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Remove plan.pdf' }));
    expect(screen.queryByText('plan.pdf')).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });
});
