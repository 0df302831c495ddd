import { richHtmlSamples } from '@plaza/contract/rich-html-samples';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../components/rich-html';
import { htmlLines, htmlWords } from './html-text';

/** What a browser reads from the same markup: the reference the server's render must match. */
const parsed = (html: string) => new DOMParser().parseFromString(html, 'text/html').body;

describe('the words of a rich text without a DOM', () => {
  it('reads every rich-text sample, sanitised as the app shows it, as the browser does, as lines and as words', () => {
    for (const sample of richHtmlSamples) {
      const { name } = sample;
      const html = sanitizeHtml(sample.html, 'article');
      const lines = parsed(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$&\n'));
      expect(htmlLines(html), name).toBe(lines.textContent?.trim());
      const words = parsed(html);
      for (const element of words.querySelectorAll(
        'p, div, br, ul, ol, li, h1, h2, h3, h4, h5, h6, blockquote, pre, table, tr, td, th',
      )) {
        element.before(' ');
        element.after(' ');
      }
      expect(htmlWords(html), name).toBe(words.textContent?.replace(/\s+/g, ' ').trim());
    }
  });

  it('reads character references and keeps text that looks like markup as text', () => {
    expect(htmlWords('<p>Fish &amp; chips &lt;b&gt; &#228;&#xFC; &quot;x&quot;&nbsp;y</p>')).toBe(
      'Fish & chips <b> äü "x" y',
    );
    expect(htmlWords('<p>a</p><!-- note --><ul><li>b</li><li>c</li></ul>')).toBe('a b c');
    expect(htmlLines('<h2>Title</h2><p>One<br>Two</p>')).toBe('Title\nOne\nTwo');
    expect(htmlWords('&#1114112; &unknown;')).toBe('\ufffd &unknown;');
  });
});
