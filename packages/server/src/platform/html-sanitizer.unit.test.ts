import { isAllowedUrl, linkAttributes, type RichHtmlKind } from '@plaza/contract/rich-html';
import { elementSignature, expectedElements, richHtmlSamples } from '@plaza/contract/rich-html-samples';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml, sanitizeRichText } from './html-sanitizer';

const sanitizers: Record<RichHtmlKind, (html: string) => string> = {
  post: sanitizeRichText,
  article: sanitizeArticleHtml,
};

/** The elements of `html` in document order, as the samples write them. */
function elementsOf(html: string): string[] {
  const elements: string[] = [];
  const parser = new Parser({
    onopentag(name, attribs) {
      elements.push(elementSignature(name, Object.keys(attribs)));
    },
  });
  parser.write(html);
  parser.end();
  return elements;
}

/** Every href in `html`. */
function hrefsOf(html: string): string[] {
  const hrefs: string[] = [];
  const parser = new Parser({
    onopentag(_name, attribs) {
      if (attribs.href !== undefined) hrefs.push(attribs.href);
    },
  });
  parser.write(html);
  parser.end();
  return hrefs;
}

describe('the server sanitiser keeps what the contract allow-list allows', () => {
  for (const kind of ['post', 'article'] as const) {
    describe(kind, () => {
      it.each(richHtmlSamples.map((sample) => [sample.name, sample] as const))('%s', (_name, sample) => {
        const clean = sanitizers[kind](sample.html);
        expect(elementsOf(clean)).toEqual(expectedElements(sample, kind));
        for (const href of hrefsOf(clean)) expect(isAllowedUrl(href), href).toBe(true);
        // A second pass changes nothing: what is stored is already clean.
        expect(sanitizers[kind](clean)).toBe(clean);
      });
    });
  }

  it('gives every link the list’s rel and target', () => {
    expect(sanitizeRichText('<a href="https://example.com" rel="opener" target="_self">x</a>')).toBe(
      `<a rel="${linkAttributes.rel}" href="https://example.com" target="${linkAttributes.target}">x</a>`,
    );
  });

  it('writes a mention with the list’s class and a cleaned label', () => {
    expect(
      sanitizeRichText(
        '<span data-type="mention" data-id="7" data-label="Anna &lt;b&gt;B" class="x">@Anna</span>',
      ),
    ).toBe('<span data-type="mention" data-id="7" data-label="Anna B" class="mention">@Anna</span>');
  });
});
