import { describe, expect, it } from 'vitest';
import { nearSlides, nextSlide, pollIntervalMs, postFontVmin, slideKind } from './slides';

describe('TV slides', () => {
  it('shows posts by their id prefix and images by their type, anything else as a placeholder', () => {
    expect(slideKind({ id: 'post-12', mimetype: 'text/html', image: null })).toBe('post');
    expect(slideKind({ id: 'image-5', mimetype: 'image/webp', image: '/api/v2/tv/images/5?key=k' })).toBe(
      'image',
    );
    expect(slideKind({ id: 'image-6', mimetype: 'image/png', image: null })).toBe('other');
    expect(slideKind({ id: 'video-1', mimetype: 'video/mp4', image: null })).toBe('other');
    expect(slideKind({ id: 'page-3', mimetype: 'text/html', image: null })).toBe('other');
  });

  it('polls every 30 s times the slide count', () => {
    expect(pollIntervalMs(0)).toBe(30_000);
    expect(pollIntervalMs(1)).toBe(30_000);
    expect(pollIntervalMs(4)).toBe(120_000);
  });

  it('cycles through the slides', () => {
    expect(nextSlide(0, 3)).toBe(1);
    expect(nextSlide(2, 3)).toBe(0);
    expect(nextSlide(0, 0)).toBe(0);
  });

  it('draws the slide before, the current one and the one after, wrapping round', () => {
    expect([...nearSlides(0, 5)].sort()).toEqual([0, 1, 4]);
    expect([...nearSlides(4, 5)].sort()).toEqual([0, 3, 4]);
    expect([...nearSlides(0, 2)].sort()).toEqual([0, 1]);
    expect([...nearSlides(0, 1)]).toEqual([0]);
    expect(nearSlides(0, 0).size).toBe(0);
  });

  it('sets short posts larger than long ones', () => {
    expect(postFontVmin('<p><strong>Summer party on Friday!</strong></p>')).toBe(6.4);
    expect(postFontVmin(`<p>${'word '.repeat(50)}</p>`)).toBe(5.2);
    expect(postFontVmin(`<p>${'word '.repeat(120)}</p>`)).toBe(4.2);
    expect(postFontVmin(`<p>${'word '.repeat(400)}</p>`)).toBe(3.4);
  });
});
