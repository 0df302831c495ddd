import { pageModuleTypes } from '@plaza/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TeaserSlider } from '../../../components/articles/teaser-slider';
import { stubScreen } from '../../../test/match-media';
import { renderInApp } from '../../../test/render-in-app';
import { demoModules } from '../demo/sample-modules';
import { testArticle } from '../test-pages';
import { textExcerpt } from './community-modules';
import { formatFileSize, formatPercent } from './module-section';
import { PageModules } from './page-modules';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const slideTitle = () => screen.getByRole('group').querySelector('h2, h3')?.textContent;

describe('TeaserSlider', () => {
  const articles = [1, 2, 3].map(testArticle);

  it('turns every interval until paused; previous and next move by hand', () => {
    vi.useFakeTimers();
    stubScreen(1280);
    renderInApp(<TeaserSlider articles={articles} interval={5000} />);
    expect(slideTitle()).toBe('Article 1');
    act(() => vi.advanceTimersByTime(5000));
    expect(slideTitle()).toBe('Article 2');
    fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    act(() => vi.advanceTimersByTime(15_000));
    expect(slideTitle()).toBe('Article 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    expect(slideTitle()).toBe('Article 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    expect(slideTitle()).toBe('Article 1');
    fireEvent.click(screen.getByRole('button', { name: 'Previous story' }));
    expect(slideTitle()).toBe('Article 3');
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeTruthy();
  });

  it('stands still for members who prefer reduced motion, and without autoplay', () => {
    vi.useFakeTimers();
    stubScreen(1280, { reducedMotion: true });
    renderInApp(<TeaserSlider articles={articles} interval={5000} />);
    act(() => vi.advanceTimersByTime(20_000));
    expect(slideTitle()).toBe('Article 1');
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeTruthy();
  });

  it('does not turn without autoplay', () => {
    vi.useFakeTimers();
    stubScreen(1280);
    renderInApp(<TeaserSlider articles={articles} interval={2000} autoplay={false} label="Teasers" />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(slideTitle()).toBe('Article 1');
    expect(screen.getByRole('region', { name: 'Teasers' })).toBeTruthy();
  });
});

describe('PageModules', () => {
  it('renders every module type of the demo page, headings in order', () => {
    stubScreen(390);
    const modules = demoModules('en_GB', {
      landing: null,
      terms: null,
      q_and_a: null,
      imprint: 2,
      privacy: 3,
    });
    expect(new Set(modules.map((module) => module.type))).toEqual(new Set(pageModuleTypes));
    renderInApp(<PageModules modules={modules} />);
    const headings = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    // No level skipped below the page's h1 (the modules start at h2).
    headings.reduce((previous, level) => {
      expect(level - previous).toBeLessThanOrEqual(1);
      return level;
    }, 1);
    // A visitor (no member signed in here) is told the shop and the ratings are for members; members
    // get the products and the card.
    expect(screen.getByText('The shop is open to signed-in members.')).toBeTruthy();
    expect(screen.getByText('Employer ratings are shown to signed-in members.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Everyday leadership/ }).length).toBe(2);
    expect(screen.getByRole('link', { name: 'Imprint' }).getAttribute('href')).toBe('/en_GB/page/2');
    expect(screen.getByRole('link', { name: 'Open the post by Anna Schneider' }).getAttribute('href')).toBe(
      '/en_GB/news/post-8001',
    );
    expect(screen.getByRole('link', { name: 'Jonas Weber' }).getAttribute('href')).toBe(
      '/en_GB/who_is_who/2',
    );
  });

  it('shows at most 2 horizontal teasers and 7 web news', () => {
    stubScreen(1280);
    const articles = Array.from({ length: 9 }, (_, i) => testArticle(i + 1));
    renderInApp(
      <PageModules
        modules={[
          {
            id: 'h',
            type: 'horizontal_teaser',
            data: { category_id: null },
            cross_references: { articles: articles.slice(0, 2) },
          },
          {
            id: 'w',
            type: 'web_news',
            data: { category_id: null },
            cross_references: { articles: articles.slice(0, 7) },
          },
        ]}
      />,
    );
    const sections = screen.getAllByRole('region');
    expect(sections[0]?.querySelectorAll('li').length).toBe(2);
    expect(sections[1]?.querySelectorAll('li').length).toBe(7);
  });
});

describe('formatting', () => {
  it('writes sizes, shares and excerpts the locale way', () => {
    expect(formatFileSize(912, 'en_GB')).toBe('912 bytes');
    expect(formatFileSize(3_482_001, 'de_DE')).toBe('3,5 MB');
    expect(formatPercent(0.625, 'de_DE')).toMatch(/^62,50\s%$/);
    expect(textExcerpt('<p>Hello <strong>there</strong></p>')).toBe('Hello there');
    expect(textExcerpt('<p>Thanks for the comments.</p><p>Quick question</p>')).toBe(
      'Thanks for the comments. Quick question',
    );
    expect(textExcerpt('first line<br>second<ul><li>one</li><li>two</li></ul>')).toBe(
      'first line second one two',
    );
    expect(textExcerpt(`<p>${'word '.repeat(60)}</p>`).endsWith('…')).toBe(true);
  });
});
