import { isAllowedUrl, linkAttributes, mentionMarkup } from '@plaza/contract/rich-html';
import { elementSignature, expectedElements, richHtmlSamples } from '@plaza/contract/rich-html-samples';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichHtml, sanitizeHtml } from './rich-html';

/** The elements of `html` in document order, as the samples write them. */
function elementsOf(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  return [...template.content.querySelectorAll('*')].map((element) =>
    elementSignature(element.localName, element.getAttributeNames()),
  );
}

describe('the web sanitiser keeps what the contract allow-list allows', () => {
  for (const kind of ['post', 'article'] as const) {
    describe(kind, () => {
      it.each(richHtmlSamples.map((sample) => [sample.name, sample] as const))('%s', (_name, sample) => {
        const clean = sanitizeHtml(sample.html, kind);
        expect(elementsOf(clean)).toEqual(expectedElements(sample, kind));
        const template = document.createElement('template');
        template.innerHTML = clean;
        for (const element of template.content.querySelectorAll('[href]')) {
          expect(isAllowedUrl(element.getAttribute('href') ?? ''), element.outerHTML).toBe(true);
        }
        // What the server stored comes through a second pass unchanged.
        expect(elementsOf(sanitizeHtml(clean, kind))).toEqual(elementsOf(clean));
      });
    });
  }

  it('gives links the list’s rel and target, set after sanitising rather than written into the markup', () => {
    const clean = sanitizeHtml(
      '<p>see <a href="https://example.com/x" rel="opener" target="_self">x</a></p>',
    );
    const template = document.createElement('template');
    template.innerHTML = clean;
    const link = template.content.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/x');
    expect(link?.getAttribute('rel')).toBe(linkAttributes.rel);
    expect(link?.getAttribute('target')).toBe(linkAttributes.target);
    // The text "<a " inside a code span is text, not a link (the old regex rewrote it).
    expect(sanitizeHtml('<p><code>&lt;a href="x"&gt;</code></p>')).toBe(
      '<p><code>&lt;a href="x"&gt;</code></p>',
    );
  });

  it('marks a mention with the list’s class', () => {
    const clean = sanitizeHtml(
      '<span data-type="mention" data-id="7" data-label="Anna" class="x">@Anna</span>',
    );
    expect(clean).toBe(
      '<span data-type="mention" data-id="7" data-label="Anna" class="mention">@Anna</span>',
    );
    expect(mentionMarkup.className).toBe('mention');
  });

  it('shows headings in an article, not in a post', () => {
    const html = '<h2>Title</h2><p>Text</p>';
    const { container: post } = render(<RichHtml html={html} />);
    expect(post.querySelector('h2')).toBeNull();
    expect(post.textContent).toBe('TitleText');
    const { container: article } = render(<RichHtml html={html} kind="article" />);
    expect(article.querySelector('h2')?.textContent).toBe('Title');
  });
});
