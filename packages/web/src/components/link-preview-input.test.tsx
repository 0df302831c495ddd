import { endpoints, type LinkPreview } from '@plaza/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../test/fetch-stub';
import { renderInApp } from '../test/render-in-app';
import { previewLookupText } from './link-preview/lookup-rule';
import { LinkPreviewInput } from './link-preview-input';

const preview: LinkPreview = {
  url: 'https://example.com/article',
  title: 'An article',
  description: 'What it is about',
  image: '/uploads/images/0123456789abcdef0123456789abcdef.webp',
  image_url: 'https://example.com/cover.png',
  video_url: null,
};

describe('previewLookupText', () => {
  it('asks only for valid links of at least 10 characters', () => {
    expect(previewLookupText(' https://example.com/a ')).toBe('https://example.com/a');
    expect(previewLookupText('http://a.de')).toBe('http://a.de');
    expect(previewLookupText('http://a.d')).toBeNull();
    expect(previewLookupText('example.com/article')).toBeNull();
    expect(previewLookupText('ftp://example.com')).toBeNull();
    expect(previewLookupText('https://exa mple.com')).toBeNull();
  });
});

function Harness({
  onChange,
  initial = null,
}: {
  onChange: (value: LinkPreview | null) => void;
  initial?: LinkPreview | null;
}) {
  const [value, setValue] = useState<LinkPreview | null>(initial);
  return (
    <LinkPreviewInput
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const type = (text: string) => fireEvent.change(screen.getByLabelText('Link'), { target: { value: text } });
const previewCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url.includes('/api/v2/media.preview'));

describe('LinkPreviewInput', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('looks the link up 500 ms after the last keystroke, once, and shows the preview card', async () => {
    const calls = stubFetch([answer(endpoints.media.preview, { preview })]);
    const onChange = vi.fn();
    renderInApp(<Harness onChange={onChange} />);
    type('https://example.com/art');
    await act(() => vi.advanceTimersByTimeAsync(300));
    type('https://example.com/article');
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(previewCalls(calls)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(previewCalls(calls).map((call) => call.url)).toEqual([
      '/api/v2/media.preview?url=https%3A%2F%2Fexample.com%2Farticle',
    ]);
    expect(onChange).toHaveBeenLastCalledWith(preview);
    expect(screen.getByRole('figure', { name: 'Preview of example.com' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^An article/ }).getAttribute('href')).toBe(preview.url);
    expect(screen.getByText('What it is about')).toBeTruthy();
  });

  it('does not look up invalid or short text and says what a link looks like', async () => {
    const calls = stubFetch([answer(endpoints.media.preview, { preview })]);
    renderInApp(<Harness onChange={vi.fn()} />);
    for (const text of [
      'example.com/article',
      'http://a.b',
      'ftp://example.com/file',
      'https://exa mple.com',
    ]) {
      type(text);
      await act(() => vi.advanceTimersByTimeAsync(600));
    }
    expect(previewCalls(calls)).toHaveLength(0);
    expect(screen.getByText(/Enter a web address starting with http/)).toBeTruthy();
  });

  // The link was lost when no preview came back (issue 47, point 1): it is kept, as a plain link card.
  it('keeps the link as a plain link card when there is no preview', async () => {
    stubFetch([answer(endpoints.media.preview, { preview: null })]);
    const onChange = vi.fn();
    renderInApp(<Harness onChange={onChange} />);
    type('https://intranet.example.com/nothing');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText(/No preview is available/)).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith({
      url: 'https://intranet.example.com/nothing',
      title: null,
      description: null,
      image: null,
      image_url: null,
      video_url: null,
    });
    expect(screen.getByRole('figure', { name: 'Link to intranet.example.com' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /^https:\/\/intranet\.example\.com\/nothing/ });
    expect(link.getAttribute('href')).toBe('https://intranet.example.com/nothing');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('removes the preview and the link with the remove button', async () => {
    stubFetch([answer(endpoints.media.preview, { preview: null })]);
    const onChange = vi.fn();
    renderInApp(<Harness onChange={onChange} initial={preview} />);
    expect((screen.getByLabelText('Link') as HTMLInputElement).value).toBe(preview.url);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the link preview' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect((screen.getByLabelText('Link') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('drops the preview as soon as the link is edited', () => {
    stubFetch([]);
    const onChange = vi.fn();
    renderInApp(
      <Harness onChange={onChange} initial={{ ...preview, video_url: 'https://player.example.com/1' }} />,
    );
    expect(screen.getByRole('link', { name: /Watch the video/ }).getAttribute('href')).toBe(
      'https://player.example.com/1',
    );
    type('https://example.com/other');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('can be disabled', () => {
    stubFetch([]);
    renderInApp(<LinkPreviewInput value={preview} onChange={vi.fn()} disabled />);
    expect((screen.getByLabelText('Link') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove the link preview' })).toBeNull();
  });
});
