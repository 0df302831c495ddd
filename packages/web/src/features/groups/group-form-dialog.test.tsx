import { endpoints, type Group, type UploadedImage } from '@plaza/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from '../../test/fetch-stub';
import { renderInApp, testSettings } from '../../test/render-in-app';
import { GroupFormDialog } from './group-form-dialog';

// The upload and crop flow is covered by its own test; here it hands back an uploaded image at once.
vi.mock('../../components/image-upload/image-upload-dialog', () => ({
  ImageUploadDialog: ({
    open,
    onDone,
    onClose,
  }: {
    open: boolean;
    onDone: (i: UploadedImage) => void;
    onClose: () => void;
  }) =>
    open ? (
      <button
        type="button"
        onClick={() => {
          onDone({
            id: 9,
            url: '/uploads/images/x.webp',
            width: 1200,
            height: 675,
            original: { url: '', width: 1, height: 1 },
          });
          onClose();
        }}
      >
        fake upload
      </button>
    ) : null,
}));

const group: Group = {
  id: 42,
  name: 'Gardeners',
  description: 'We grow things.',
  image: null,
  type: 'open',
  free_to_join: true,
  member_count: 1,
  permissions: ['edit', 'delete'],
  membership: { id: 1, status: 'accepted', role: 'admin' },
  infos: { title: 'Gardeners', description: 'We grow things.', img: null },
  topics: [],
  files: [],
  members: {
    results: [],
    pagination: { self: 1, first: 1, last: 1, prev: null, next: null, total: 0, per_page: 15 },
  },
};

/** Types a text in one go (pasting keeps these form tests quick). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const submit = (name: RegExp) => screen.getByRole('button', { name });

// Rendering MUI dialogs in jsdom is slow on a busy machine; this bounds a hang, it measures nothing.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('GroupFormDialog: create', () => {
  it('keeps submit disabled until name and description are filled, then creates and opens the group', async () => {
    const calls = stubFetch([answer(endpoints.groups.create, group)]);
    const user = userEvent.setup();
    const { router } = renderInApp(<GroupFormDialog mode="create" open onClose={() => {}} />);
    expect(disabled(submit(/^create group$/i))).toBe(true);
    await fill(user, screen.getByRole('textbox', { name: /^name/i }), 'Gardeners');
    expect(disabled(submit(/^create group$/i))).toBe(true);
    await fill(user, screen.getByRole('textbox', { name: /description/i }), 'We grow things.');
    await user.click(screen.getByRole('radio', { name: /with approval/i }));
    await waitFor(() => expect(disabled(submit(/^create group$/i))).toBe(false));
    await user.click(submit(/^create group$/i));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/groups/42'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { name: 'Gardeners', description: 'We grow things.', type: 'approval', users: [] },
    });
  });

  it('explains each kind of group in one line', () => {
    renderInApp(<GroupFormDialog mode="create" open onClose={() => {}} />);
    expect((screen.getByRole('radio', { name: /open.*join it directly/i }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('radio', { name: /private.*invites them/i }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('with group_image_required, waits for an uploaded image before it can be submitted', async () => {
    const calls = stubFetch([answer(endpoints.groups.create, group)]);
    const user = userEvent.setup();
    renderInApp(<GroupFormDialog mode="create" open onClose={() => {}} />, {
      settings: testSettings({ stream_options: { group_image_required: true } }),
    });
    await fill(user, screen.getByRole('textbox', { name: /^name/i }), 'Gardeners');
    await fill(user, screen.getByRole('textbox', { name: /description/i }), 'We grow things.');
    expect(screen.getByText(/a group needs an image/i)).toBeTruthy();
    expect(disabled(submit(/^create group$/i))).toBe(true);
    expect(screen.queryByRole('button', { name: /remove image/i })).toBeNull();
    await user.click(screen.getByRole('button', { name: /upload image/i }));
    // The upload dialog loads when it first opens.
    await user.click(await screen.findByRole('button', { name: 'fake upload' }));
    expect(screen.getByRole('img', { name: /preview of the group image/i }).getAttribute('src')).toBe(
      '/uploads/images/x.webp',
    );
    await waitFor(() => expect(disabled(submit(/^create group$/i))).toBe(false));
    await user.click(submit(/^create group$/i));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ img_id: 9 });
  });

  it('shows a refusal of the server in the page language', async () => {
    stubFetch([
      answerError(endpoints.groups.create, 400, { errors: [{ code: 'image_required', message: 'x' }] }),
    ]);
    const user = userEvent.setup();
    renderInApp(<GroupFormDialog mode="create" open onClose={() => {}} />);
    await fill(user, screen.getByRole('textbox', { name: /^name/i }), 'Gardeners');
    await fill(user, screen.getByRole('textbox', { name: /description/i }), 'We grow things.');
    await waitFor(() => expect(disabled(submit(/^create group$/i))).toBe(false));
    await user.click(submit(/^create group$/i));
    expect((await screen.findByRole('alert')).textContent).toContain('Please upload an image.');
  });
});

describe('GroupFormDialog: edit', () => {
  it('shows the name when update_group_name is on and requires it', async () => {
    const user = userEvent.setup();
    renderInApp(<GroupFormDialog mode="edit" group={group} open onClose={() => {}} />);
    const name = screen.getByRole('textbox', { name: /^name/i });
    expect((name as HTMLInputElement).value).toBe('Gardeners');
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(disabled(submit(/^save$/i))).toBe(true);
  });

  it('hides the name when update_group_name is off and saves without it', async () => {
    const calls = stubFetch([
      answer(endpoints.groups.update, { ...group, description: 'New text.' }, { params: { id: 42 } }),
    ]);
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderInApp(<GroupFormDialog mode="edit" group={group} open onClose={onClose} onSaved={onSaved} />, {
      settings: testSettings({ update_group_name: false }),
    });
    expect(screen.queryByRole('textbox', { name: /^name/i })).toBeNull();
    const description = screen.getByRole('textbox', { name: /description/i });
    await user.clear(description);
    await fill(user, description, 'New text.');
    await waitFor(() => expect(disabled(submit(/^save$/i))).toBe(false));
    await user.click(submit(/^save$/i));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { description: 'New text.', type: 'open' } });
    expect(calls[0]?.body).not.toHaveProperty('name');
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ description: 'New text.' }));
  });
});
