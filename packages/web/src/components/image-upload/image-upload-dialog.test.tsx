import { limits, type UploadedImage } from '@plaza/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { renderInApp } from '../../test/render-in-app';
import { ImageUploadDialog } from './image-upload-dialog';

const uploaded: UploadedImage = {
  id: 3,
  url: '/uploads/images/a.webp',
  width: 800,
  height: 450,
  original: { url: '/uploads/originals/a.webp', width: 1600, height: 900 },
};

const image = (type = 'image/png', size = 2048, name = 'photo.png') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
// Rendering MUI dialogs in jsdom is slow on a busy machine; this bounds a hang, it measures nothing.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.restoreAllMocks());

function setup() {
  const target = { upload: vi.fn(async () => uploaded), crop: vi.fn(async () => uploaded) };
  const user = userEvent.setup({ applyAccept: false });
  renderInApp(<ImageUploadDialog open onClose={() => {}} onDone={() => {}} target={target} />);
  const input = screen.getByTestId('image-file-input') as HTMLInputElement;
  return { target, user, input };
}

describe('ImageUploadDialog', () => {
  it('offers a named file button besides the drop zone', () => {
    setup();
    expect(screen.getByRole('button', { name: 'Choose image' })).toBeTruthy();
    expect(screen.getByText(/at most 20 MB/)).toBeTruthy();
  });

  it('refuses a file that is not an image before uploading', async () => {
    const { target, user, input } = setup();
    await user.upload(input, image('application/pdf', 100, 'doc.pdf'));
    expect(screen.getByRole('alert').textContent).toContain('This is not an image we can use.');
    expect(target.upload).not.toHaveBeenCalled();
  });

  it('refuses an image over the upload limit, naming the limit', async () => {
    const { target, user, input } = setup();
    await user.upload(input, image('image/jpeg', limits.uploadMaxBytes + 1));
    expect(screen.getByRole('alert').textContent).toContain('at most 20 MB');
    expect(target.upload).not.toHaveBeenCalled();
  });

  it('refuses more than one dropped file', () => {
    const { target } = setup();
    fireEvent.drop(screen.getByTestId('image-drop-zone'), {
      dataTransfer: { files: [image(), image()] },
    });
    expect(screen.getByRole('alert').textContent).toContain('exactly one file');
    expect(target.upload).not.toHaveBeenCalled();
  });

  it('shows the server refusal in the page language', async () => {
    const { target, user, input } = setup();
    target.upload.mockRejectedValueOnce(
      new ApiRequestError(415, [{ code: 'unsupported_media_type', message: 'x' }]),
    );
    await user.upload(input, image());
    expect((await screen.findByRole('alert')).textContent).toContain('This file type is not supported.');
  });

  it('uploads a dropped image at once and moves on to cropping with a zoom slider', async () => {
    const { target } = setup();
    const file = image();
    fireEvent.drop(screen.getByTestId('image-drop-zone'), { dataTransfer: { files: [file] } });
    await waitFor(() => expect(target.upload).toHaveBeenCalledWith(file));
    expect(await screen.findByRole('slider', { name: 'Zoom' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose another image' })).toBeTruthy();
    // Saving waits until the cropper has measured the image (it never loads in jsdom).
    expect((screen.getByRole('button', { name: 'Save image' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
