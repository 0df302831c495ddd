import { endpoints, type TvPost } from '@plaza/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { TvPage } from './tv-page';

const post = (id: number, text: string): TvPost => ({
  id: `post-${id}`,
  content: `<p>${text}</p><img src="x" onerror="alert(1)"><script>alert(2)</script>`,
  author: { name: `Author ${id}`, avatar: null },
  created_at: '2026-03-05T09:30:00.000Z',
  mimetype: 'text/html',
  link: `http://plaza.test/en_GB/news/post-${id}`,
  image: null,
});
const image: TvPost = {
  id: 'image-7',
  content: '',
  author: { name: 'Photographer', avatar: null },
  created_at: '2026-03-04T09:30:00.000Z',
  mimetype: 'image/webp',
  link: 'http://plaza.test/en_GB/news/post-3',
  image: '/api/v2/tv/images/7?key=k',
};
const video: TvPost = { ...image, id: 'video-1', mimetype: 'video/mp4', image: null };

const show = (search: string) =>
  renderInApp(<TvPage />, { path: `/en_GB/bubbletool_tv${search}`, routePath: '/:lang/bubbletool_tv' });
const activeSlide = () => document.querySelector('[data-active="true"]')?.getAttribute('data-slide-id');

describe('TvPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('explains how to get a key when the address has none, without calling the feed', () => {
    const calls = stubFetch([]);
    show('');
    expect(screen.getByRole('heading', { name: 'This screen needs a display key' })).toBeTruthy();
    // It names where display keys are managed: the navigation's administration, not the settings.
    expect(screen.getByText(/in the navigation under Administration → TV displays/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says the key is not valid when the server refuses it', async () => {
    stubFetch([answerError(endpoints.tv.feed, 403, { errors: [{ code: 'forbidden', message: 'no' }] })]);
    show('?key=revoked-key');
    expect(await screen.findByRole('heading', { name: 'This display key is not valid' })).toBeTruthy();
  });

  it('shows posts with author, date, sanitised content and a QR code, images, and a placeholder for others', async () => {
    const calls = stubFetch([answer(endpoints.tv.feed, { results: [post(1, 'Hello TV'), image, video] })]);
    show('?key=good-key');
    expect(await screen.findByText('Hello TV')).toBeTruthy();
    expect(calls[0]!.url).toBe('/api/v2/tv/feed?key=good-key');
    const first = screen.getByRole('group', { name: 'Slide 1 of 3' });
    expect(first.textContent).toContain('Author 1');
    expect(first.textContent).toContain('5th March 2026');
    expect(first.innerHTML).not.toMatch(/onerror|<script/);
    const qr = await screen.findAllByRole('img', { name: 'QR code: scan to open the post', hidden: true });
    expect(qr[0]!.getAttribute('data-qr')).toBe('http://plaza.test/en_GB/news/post-1');
    expect(qr[0]!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const photo = screen.getByRole('img', { name: 'Image posted by Photographer', hidden: true });
    expect(photo.getAttribute('src')).toBe('/api/v2/tv/images/7?key=k');
    expect(screen.getByText('This slide cannot be shown on the TV.')).toBeTruthy();
  });

  it('draws only the slides next to the shown one, each with its QR code, and the others as they come near', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const posts = [1, 2, 3, 4, 5].map((id) => post(id, `Text ${id}`));
    stubFetch([answer(endpoints.tv.feed, { results: posts })]);
    show('?key=good-key');
    await act(() => vi.advanceTimersByTimeAsync(5));
    await act(() => vi.advanceTimersByTimeAsync(5));
    const drawn = () =>
      [...document.querySelectorAll('[data-slide-id]')]
        .filter((slide) => slide.textContent !== '')
        .map((slide) => slide.getAttribute('data-slide-id'));
    const codes = () =>
      [...document.querySelectorAll('img[data-qr]')].map((img) =>
        img.getAttribute('data-qr')?.split('/').pop(),
      );
    // Every slide keeps its place (and its name) in the carousel; the far ones hold nothing yet.
    expect(document.querySelectorAll('[data-slide-id]')).toHaveLength(5);
    expect(drawn()).toEqual(['post-1', 'post-2', 'post-5']);
    expect(codes().sort()).toEqual(['post-1', 'post-2', 'post-5']);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(activeSlide()).toBe('post-2');
    expect(drawn()).toEqual(['post-1', 'post-2', 'post-3']);
    expect(codes().sort()).toEqual(['post-1', 'post-2', 'post-3']);
  });

  it('fades to the next slide every 30 s and polls again after 30 s times the slide count', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const calls = stubFetch([answer(endpoints.tv.feed, { results: [post(1, 'One'), post(2, 'Two')] })]);
    show('?key=good-key');
    await act(() => vi.advanceTimersByTimeAsync(5));
    await act(() => vi.advanceTimersByTimeAsync(5));
    expect(activeSlide()).toBe('post-1');
    const second = document.querySelector('[data-slide-id="post-2"]')!;
    expect(second.getAttribute('aria-hidden')).toBe('true');
    expect(second.getAttribute('aria-label')).toBe('Slide 2 of 2');
    await act(() => vi.advanceTimersByTimeAsync(29_990));
    expect(activeSlide()).toBe('post-2');
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(activeSlide()).toBe('post-1');
    expect(calls).toHaveLength(2);
  });
});
