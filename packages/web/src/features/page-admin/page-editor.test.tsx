import { type AdminPage, endpoints } from '@plaza/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { PageEditorPage } from './page-editor-page';

// Menus, dialogs and a rich text editor in jsdom take a while on a loaded 2-core machine.
vi.setConfig({ testTimeout: 45_000 });
afterEach(() => vi.unstubAllGlobals());

const previewId = 'preview_abcdefghijklmnop';

function adminPage(patch: Partial<AdminPage['draft']> = {}, rest: Partial<AdminPage> = {}): AdminPage {
  return {
    id: 7,
    status: 'draft',
    has_unpublished_changes: true,
    draft: {
      type: 'page',
      title: 'Welcome',
      teaser: '',
      visibility: 'members',
      comments_allowed: false,
      likes_allowed: false,
      share_options: null,
      modules: [
        { id: 'm1', type: 'gym_pass', data: { title: 'Gym', link: 'https://gym.example.com' } },
        { id: 'm2', type: 'reviews_widget', data: { title: 'Reviews' } },
      ],
      ...patch,
    },
    preview_id: previewId,
    assigned_as: [],
    updated_at: '2026-03-01T08:00:00.000Z',
    ...rest,
  };
}

const showEditor = (page: AdminPage, permissions: 'superadmin'[] = ['superadmin']) =>
  renderInApp(<PageEditorPage />, {
    path: `/en_GB/admin/pages/${page.id}`,
    routePath: '/:lang/admin/pages/:id',
    user: sessionUser(1, { permissions }),
  });

const putBody = (calls: { method: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT').at(-1)?.body as AdminPage['draft'] | undefined;

describe('PageEditorPage', () => {
  it('sends members who are not superadmins to the 403 page without asking the server', () => {
    const calls = stubFetch([]);
    const { router } = showEditor(adminPage(), []);
    expect(router.state.location.pathname).toBe('/en_GB/403');
    expect(calls).toHaveLength(0);
  });

  it('adds, reorders and removes modules and saves the draft with them in order', async () => {
    const page = adminPage();
    const calls = stubFetch([
      answer(endpoints.pages.adminGet, page, { params: { id: 7 } }),
      answer(endpoints.pages.adminSave, page, { params: { id: 7 } }),
    ]);
    showEditor(page);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: 'Module 1: Gym pass' })).toBeTruthy();

    // Add a coachings module from the menu of the 16 types.
    await user.click(screen.getByRole('button', { name: 'Add module' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(16);
    await user.click(within(menu).getByRole('menuitem', { name: 'Coachings' }));
    expect(screen.getByRole('heading', { name: 'Module 3: Coachings' })).toBeTruthy();
    const fill = async (name: RegExp, text: string) => {
      await user.click(screen.getByRole('textbox', { name }));
      await user.paste(text);
    };
    await fill(/Name of coaching 1/, 'Yoga');
    await fill(/Offer of coaching 1/, 'Morning class');
    await fill(/Link of coaching 1/, '/page/3');

    // Move it to the top with the keyboard-usable buttons.
    await user.click(screen.getByRole('button', { name: 'Move Module 3: Coachings up' }));
    const up = screen.getByRole('button', { name: 'Move Module 2: Coachings up' });
    await user.click(up);
    expect(screen.getByRole('heading', { name: 'Module 1: Coachings' })).toBeTruthy();
    // At the top its up button is disabled, so the focus went to its down button.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move Module 1: Coachings down' }),
    );
    expect(screen.getByText('Moved to position 1 of 3.')).toBeTruthy();

    // Remove the reviews widget, after confirming.
    await user.click(screen.getByRole('button', { name: 'Remove Module 3: Reviews widget' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove module?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('heading', { name: /Reviews widget/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(putBody(calls)).toBeTruthy());
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/v2/admin/pages/7');
    expect(putBody(calls)).toEqual({
      type: 'page',
      title: 'Welcome',
      teaser: '',
      visibility: 'members',
      comments_allowed: false,
      likes_allowed: false,
      share_options: null,
      modules: [
        {
          type: 'coachings',
          data: { items: [{ page_name: 'Yoga', article_name: 'Morning class', link: '/page/3' }] },
        },
        { id: 'm1', type: 'gym_pass', data: { title: 'Gym', link: 'https://gym.example.com' } },
      ],
    });
    expect(await screen.findByText('The draft has been saved.')).toBeTruthy();
  });

  it('folds saved modules to their heading and title, and opens one from its settings button by keyboard', async () => {
    const page = adminPage();
    stubFetch([answer(endpoints.pages.adminGet, page, { params: { id: 7 } })]);
    showEditor(page);
    const user = userEvent.setup({ delay: null });
    const gym = await screen.findByRole('listitem', { name: 'Module 1: Gym pass' });
    expect(within(gym).getByText('Gym')).toBeTruthy();
    expect(within(gym).queryByRole('textbox')).toBeNull();
    const toggle = within(gym).getByRole('button', { name: 'Settings of Module 1: Gym pass' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const link = within(gym).getByRole('textbox', { name: /^Link/ }) as HTMLInputElement;
    expect(link.value).toBe('https://gym.example.com');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.contains(link)).toBe(true);
    // The other module stays folded; the first folds again.
    const reviews = screen.getByRole('listitem', { name: 'Module 2: Reviews widget' });
    expect(within(reviews).queryByRole('textbox')).toBeNull();
    await user.keyboard('{Enter}');
    expect(within(gym).queryByRole('textbox')).toBeNull();
  });

  it('opens a folded module whose field the check finds wrong and focuses that field', async () => {
    const page = adminPage({ modules: [] });
    const calls = stubFetch([answer(endpoints.pages.adminGet, page, { params: { id: 7 } })]);
    showEditor(page);
    const user = userEvent.setup({ delay: null });
    // A new module is open; folded again, its empty link is out of sight.
    await user.click(await screen.findByRole('button', { name: 'Add module' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Gym pass' }));
    const gym = screen.getByRole('listitem', { name: 'Module 1: Gym pass' });
    expect(within(gym).getByRole('textbox', { name: /^Link/ })).toBeTruthy();
    await user.click(within(gym).getByRole('button', { name: 'Settings of Module 1: Gym pass' }));
    expect(within(gym).queryByRole('textbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const link = await within(gym).findByRole('textbox', { name: /^Link/ });
    expect(link.getAttribute('aria-invalid')).toBe('true');
    // Its first wrong field (the heading, then the link) takes the focus.
    const heading = within(gym).getByRole('textbox', { name: /^Heading/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('shows the contract’s complaints next to the fields and sends nothing', async () => {
    const page = adminPage({ modules: [] });
    const calls = stubFetch([answer(endpoints.pages.adminGet, page, { params: { id: 7 } })]);
    showEditor(page);
    const user = userEvent.setup({ delay: null });
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Add module' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Gym pass' }));
    await user.type(screen.getByRole('textbox', { name: /^Link/ }), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add module' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Gallery' }));

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Please correct the 4 marked fields.')).toBeTruthy();
    const titleField = screen.getByRole('textbox', { name: /^Title/ });
    expect(titleField.getAttribute('aria-invalid')).toBe('true');
    expect(titleField.getAttribute('aria-describedby')).toBeTruthy();
    // The first invalid field takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(titleField));
    const gym = screen.getByRole('listitem', { name: 'Module 1: Gym pass' });
    expect(within(gym).getAllByText('Please fill in this field.')).toHaveLength(1);
    expect(
      within(gym).getByText(
        'Enter an address starting with https://, http:// or mailto:, or a path starting with /.',
      ),
    ).toBeTruthy();
    const gallery = screen.getByRole('listitem', { name: 'Module 2: Gallery' });
    expect(within(gallery).getByText('Add at least 1.')).toBeTruthy();
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);

    // Correcting a field takes its complaint away as it is typed.
    await user.type(titleField, 'Hello');
    expect(titleField.getAttribute('aria-invalid')).toBe('false');
  });

  it('saves unsaved changes before publishing, then publishes', async () => {
    const page = adminPage();
    const published = adminPage({}, { status: 'published', has_unpublished_changes: false });
    const calls = stubFetch([
      answer(endpoints.pages.adminGet, page, { params: { id: 7 } }),
      answer(endpoints.pages.adminSave, adminPage({ title: 'Welcome home' }), { params: { id: 7 } }),
      answer(
        endpoints.pages.adminPublish,
        { ...published, draft: { ...published.draft, title: 'Welcome home' } },
        {
          params: { id: 7 },
        },
      ),
    ]);
    showEditor(page);
    const user = userEvent.setup({ delay: null });
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await user.type(title, ' home');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The page is published.')).toBeTruthy();
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.url}`)).toEqual([
      'PUT /api/v2/admin/pages/7',
      'POST /api/v2/admin/pages/7/publish',
    ]);
    expect((writes[0]?.body as { title?: string } | undefined)?.title).toBe('Welcome home');
    expect(screen.getByText('Published')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take offline' })).toBeTruthy();
    const preview = screen.getByRole('link', { name: /Preview/ });
    expect(preview.getAttribute('href')).toBe(`/en_GB/previews/${previewId}`);
    expect(preview.getAttribute('target')).toBe('_blank');
  });

  it('shows the server’s refusal clearly, at the field it names', async () => {
    const page = adminPage();
    stubFetch([
      answer(endpoints.pages.adminGet, page, { params: { id: 7 } }),
      answerError(
        endpoints.pages.adminSave,
        400,
        {
          errors: [
            { code: 'validation_failed', message: 'not an allowed address', field: 'modules.0.data.link' },
          ],
        },
        { params: { id: 7 } },
      ),
    ]);
    showEditor(page);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), '!');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Some entries are not valid.');
    const gym = screen.getByRole('listitem', { name: 'Module 1: Gym pass' });
    expect(within(gym).getByText('not an allowed address')).toBeTruthy();
  });

  it('uploads gallery images to the page and saves them with their captions', async () => {
    const page = adminPage({ modules: [] });
    const calls = stubFetch([
      answer(endpoints.pages.adminGet, page, { params: { id: 7 } }),
      answer(
        endpoints.pages.adminUploadImage,
        {
          id: 31,
          url: '/uploads/images/31.webp',
          width: 800,
          height: 600,
          original: { url: '/uploads/images/31-o.webp', width: 800, height: 600 },
        },
        { params: { id: 7 } },
      ),
      answer(endpoints.pages.adminSave, page, { params: { id: 7 } }),
    ]);
    const { container } = showEditor(page);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add module' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Gallery' }));
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    const file = new File([new Uint8Array([1, 2, 3])], 'lake.png', { type: 'image/png' });
    fireEvent.change(input!, { target: { files: [file] } });
    const image = await screen.findByRole('img', { name: 'Image 1' });
    expect(image.getAttribute('src')).toBe('/uploads/images/31.webp');
    expect(calls.find((call) => call.method === 'POST')?.url).toBe('/api/v2/admin/pages/7/images');
    await user.type(screen.getByRole('textbox', { name: /Caption of image 1/ }), 'The lake');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(putBody(calls)).toBeTruthy());
    expect(putBody(calls)?.modules).toEqual([
      { type: 'gallery', data: { images: [{ image_id: 31, caption: 'The lake' }] } },
    ]);
  });

  it('shows a written text as it reads and opens the editor on "Edit text"', async () => {
    const page = adminPage({
      modules: [
        {
          id: 'm1',
          type: 'rich_text',
          data: { html: '<p>Opening hours <strong>9 to 5</strong></p><p>Closed on Sundays</p>' },
        },
      ],
    });
    stubFetch([answer(endpoints.pages.adminGet, page, { params: { id: 7 } })]);
    showEditor(page);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Settings of Module 1: Rich text' }));
    expect(await screen.findByText(/^Opening hours 9 to 5\s+Closed on Sundays$/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Text' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit text' }));
    // The editor's code loads on this first use.
    const editor = await screen.findByRole('textbox', { name: 'Text' }, { timeout: 10_000 });
    expect(editor.textContent).toContain('Opening hours 9 to 5');
    expect(screen.queryByRole('button', { name: 'Edit text' })).toBeNull();
  });

  it('assigns the page as the imprint', async () => {
    const page = adminPage();
    const calls = stubFetch([
      answer(endpoints.pages.adminGet, page, { params: { id: 7 } }),
      answer(endpoints.pages.adminAssign, { ...page, assigned_as: ['imprint'] }, { params: { id: 7 } }),
    ]);
    showEditor(page);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Imprint' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(putBody(calls)).toEqual({ keys: ['imprint'] });
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'Imprint' }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it('asks before leaving with unsaved changes', async () => {
    const page = adminPage();
    stubFetch([answer(endpoints.pages.adminGet, page, { params: { id: 7 } })]);
    const { router } = showEditor(page);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), '!');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'All pages' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/en_GB/admin/pages/7');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('link', { name: 'All pages' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/admin/pages'));
  });
});
