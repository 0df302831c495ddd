import { endpoints } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from '../../../test/fetch-stub';
import { renderInApp, testSettings } from '../../../test/render-in-app';
import { sessionUser } from '../../../test/session-user';
import { leaveToSiteRoot } from '../site-root';
import { guestProfile, ownProfile } from '../test-profiles';
import { ProfilePage } from './profile-page';

vi.mock('../site-root', () => ({ leaveToSiteRoot: vi.fn() }));

// Rendering MUI in jsdom is slow on a busy machine; this bounds a hang, it measures nothing.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const path = '/en_GB/who_is_who/42';
const routePath = '/:lang/who_is_who/:id';

function showProfile(profile: ReturnType<typeof ownProfile>, viewerId: number, settings = testSettings()) {
  const calls = stubFetch([
    answer(endpoints.users.get, profile, { params: { id: 42 } }),
    answer(endpoints.users.follow, { follows: [42] }, { params: { id: 7 } }),
    answer(endpoints.users.remove, { success: true }, { params: { id: 42 } }),
  ]);
  const rendered = renderInApp(<ProfilePage />, { path, routePath, user: sessionUser(viewerId), settings });
  return { calls, ...rendered };
}

describe('ProfilePage: guest variant', () => {
  it('shows what the response carries, the birthday without the year, and no edit actions', async () => {
    showProfile(guestProfile({ email: undefined }), 7);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Paula Profil' })).toBeTruthy();
    expect(screen.getByText('Head of Research')).toBeTruthy();
    expect(screen.getByText('Hamburg · Berlin')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Special tasks' })).getByText('First aider')).toBeTruthy();
    const birthday = screen.getByText('17th May');
    expect(birthday.textContent).not.toMatch(/\d{4}/);
    expect(screen.queryByText(/1990/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Contact' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change picture' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
  });

  it('leaves out a section whose fields the server did not send', async () => {
    showProfile(guestProfile({ skills: undefined, areas: undefined, careers: undefined }), 7);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Work' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Career' })).toBeNull();
    expect(screen.queryByText('Python')).toBeNull();
    expect(screen.getByRole('heading', { name: 'About' })).toBeTruthy();
  });

  it('follows the member and then offers to unfollow', async () => {
    const { calls } = showProfile(guestProfile(), 7);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect((await screen.findByRole('status')).textContent).toContain('You now follow Dr. Paula Profil.');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/v2/users/7/follows',
      body: { follows: [42] },
    });
  });

  it('shows the picture when the member has one', async () => {
    showProfile(guestProfile({ img_path: '/uploads/images/p.webp' }), 7);
    const picture = await screen.findByRole('img', { name: 'Picture of Dr. Paula Profil' });
    expect(picture.getAttribute('src')).toBe('/uploads/images/p.webp');
  });

  it('shows the fallback person icon when the member has no picture', async () => {
    showProfile(guestProfile({ img_path: null }), 7);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('img', { name: /Picture of/ })).toBeNull();
    expect(document.querySelector('header [data-testid="PersonIcon"]')).toBeTruthy();
  });
});

describe('ProfilePage: full variant', () => {
  it('shows the own profile with email, the birthday with a note on the hidden year, and the edit actions', async () => {
    showProfile(ownProfile(), 42);
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.getByRole('link', { name: 'paula@example.com' }).getAttribute('href')).toBe(
      'mailto:paula@example.com',
    );
    expect(screen.getByText('17th May 1990')).toBeTruthy();
    expect(screen.getByText('Your year of birth is hidden from others.')).toBeTruthy();
    expect(screen.getByText('Red team')).toBeTruthy();
    expect(screen.getByText('at Acme')).toBeTruthy();
    expect(screen.getByText('03/2015 – 08/2019')).toBeTruthy();
  });

  it("offers an editor the edit button on another member's profile, and follow as well", async () => {
    showProfile(ownProfile({ birthday: '--05-17' }), 7);
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.queryByText('Your year of birth is hidden from others.')).toBeNull();
  });

  it('opens the edit overlay', async () => {
    showProfile(ownProfile(), 42);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    // The overlay's code loads on first use; on a busy machine that can take longer than findBy's second.
    expect(await screen.findByRole('dialog', { name: 'Edit profile' }, { timeout: 10_000 })).toBeTruthy();
  });

  // The superadmin's own profile offered "Delete account", which the server refuses for the last one.
  it('offers the last superadmin no deletion and says why', async () => {
    showProfile(ownProfile({ deletable: false, deletion_blocked: 'last_superadmin' }), 42);
    const button = await screen.findByRole('button', { name: 'Delete account' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('delete-blocked');
    expect(document.getElementById('delete-blocked')?.textContent).toBe(
      'This is the only superadmin account. It can be deleted only once another member is a superadmin.',
    );
  });

  it('deletes the own account after confirmation and goes to the site root', async () => {
    const { calls } = showProfile(ownProfile(), 42);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account?' });
    expect(dialog.textContent).toContain('You will be signed out.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(leaveToSiteRoot).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/v2/users/42');
  });
});

describe('ProfilePage: section layouts', () => {
  it('shows the sections as cards by default', async () => {
    showProfile(ownProfile(), 42);
    const about = await screen.findByRole('region', { name: 'About' });
    expect(about.classList.contains('MuiCard-root')).toBe(true);
  });

  it('shows the personal facts in a side column with the variant layout', async () => {
    showProfile(ownProfile({ section_variant: 'variant' }), 42);
    const about = await screen.findByRole('region', { name: 'About' });
    expect(about.classList.contains('MuiCard-root')).toBe(false);
    expect(screen.getByRole('region', { name: 'Contact' }).parentElement).toBe(about.parentElement);
    expect(screen.getByRole('region', { name: 'Work' }).parentElement).not.toBe(about.parentElement);
  });

  it('asks for the admin view when the address says so', async () => {
    const calls = stubFetch([answer(endpoints.users.get, ownProfile(), { params: { id: 42 } })]);
    renderInApp(<ProfilePage />, { path: `${path}?view=admin`, routePath, user: sessionUser(7) });
    await screen.findByRole('heading', { level: 1 });
    expect(calls[0]?.url).toBe('/api/v2/users/42?view=admin');
  });

  it('sends a failed load to the error page of its status', async () => {
    stubFetch([
      answerError(
        endpoints.users.get,
        404,
        { errors: [{ code: 'not_found', message: 'x' }] },
        { params: { id: 42 } },
      ),
    ]);
    const { router } = renderInApp(<ProfilePage />, { path, routePath, user: sessionUser(7) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/404'));
  });
});
