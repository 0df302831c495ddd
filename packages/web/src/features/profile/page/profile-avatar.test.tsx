import { endpoints, type UploadedImage } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type StubAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderInApp } from '../../../test/render-in-app';
import { sessionUser } from '../../../test/session-user';
import { guestProfile, ownProfile } from '../test-profiles';
import { ProfilePage } from './profile-page';

// The cropper measures the image, which never loads in jsdom: this one reports a crop at once.
vi.mock('react-easy-crop', () => ({
  default: ({ onCropComplete }: { onCropComplete: (area: object, pixels: object) => void }) => {
    const report = useRef(onCropComplete);
    useEffect(() => {
      report.current({ x: 10, y: 0, width: 50, height: 100 }, { x: 0, y: 0, width: 1, height: 1 });
    }, []);
    return <div>cropper</div>;
  },
}));

// Rendering MUI dialogs in jsdom is slow on a busy machine; this bounds a hang, it measures nothing.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const uploaded: UploadedImage = {
  id: 3,
  url: '/uploads/images/new.webp',
  width: 400,
  height: 400,
  original: { url: '/uploads/originals/new.webp', width: 800, height: 400 },
};

function setup(profile = ownProfile(), viewerId = 42) {
  const answers: StubAnswer[] = [
    answer(endpoints.users.get, profile, { params: { id: 42 } }),
    answer(endpoints.users.uploadImage, uploaded, { params: { id: 42 } }),
    answer(
      endpoints.users.cropImage,
      { img_path: '/uploads/images/cropped.webp', image: uploaded },
      { params: { id: 42, imageId: 3 } },
    ),
  ];
  const calls = stubFetch(answers);
  const { session } = renderInApp(<ProfilePage />, {
    path: '/en_GB/who_is_who/42',
    routePath: '/:lang/who_is_who/:id',
    user: sessionUser(viewerId),
  });
  answers.push(answer(endpoints.auth.isAuthenticated, session));
  return { calls, answers, user: userEvent.setup({ applyAccept: false }) };
}

describe('Profile picture', () => {
  it('uploads, crops and saves the own avatar, then reloads the profile and the session', async () => {
    const { calls, answers, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Change picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change picture' });
    await user.upload(
      within(dialog).getByTestId('image-file-input'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    const save = await within(dialog).findByRole('button', { name: 'Save image' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    answers.push(
      answer(endpoints.users.get, ownProfile({ img_path: '/uploads/images/cropped.webp' }), {
        params: { id: 42 },
      }),
    );
    await user.click(save);

    const picture = await screen.findByRole('img', { name: 'Picture of Dr. Paula Profil' });
    expect(picture.getAttribute('src')).toBe('/uploads/images/cropped.webp');
    // The profile has other live regions too (the data export's); the saved hint is one of its own.
    expect(
      (await screen.findByText('The picture has been saved.')).closest('[role="status"]'),
    ).not.toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.url).toBe('/api/v2/users/42/image');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/v2/users/42/image/3',
      body: { coordinates: { x: 80, y: 0, width: 400, height: 400 } },
    });
    expect(calls.filter((call) => call.url === '/api/v2/users/42')).toHaveLength(2);
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/v2/auth/is_authenticated')).toBe(true),
    );
  });

  it("reloads only the profile, not the session, after an editor changed another member's picture", async () => {
    const { calls, user } = setup(ownProfile(), 7);
    await user.click(await screen.findByRole('button', { name: 'Change picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change picture' });
    await user.upload(
      within(dialog).getByTestId('image-file-input'),
      new File(['png'], 'p.png', { type: 'image/png' }),
    );
    const save = await within(dialog).findByRole('button', { name: 'Save image' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save);
    await screen.findByText('The picture has been saved.');
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/v2/users/42')).toHaveLength(2));
    expect(calls.some((call) => call.url === '/api/v2/auth/is_authenticated')).toBe(false);
  });

  it('offers no picture change on a profile the viewer may not edit', async () => {
    setup(guestProfile(), 7);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Change picture' })).toBeNull();
  });
});
