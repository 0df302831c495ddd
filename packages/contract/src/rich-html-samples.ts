/**
 * Sample HTML for the rich-text allow-list (`rich-html.ts`): the server's sanitiser and the web's
 * DOMPurify each run every sample through their configuration and must keep exactly the elements
 * listed here. Tests only; nothing in the app imports this.
 */

import type { RichHtmlKind } from './rich-html';

export interface RichHtmlSample {
  name: string;
  html: string;
  /**
   * The elements left after sanitising a post, in document order, each as `elementSignature` writes
   * it (`a[href rel target]`, `p`).
   */
  post: readonly string[];
  /** The same for an article, when it differs from a post. */
  article?: readonly string[];
}

/** An element as the samples list it: the tag, then its attribute names sorted, in brackets. */
export function elementSignature(tag: string, attributeNames: Iterable<string>): string {
  const names = [...attributeNames].sort();
  return names.length === 0 ? tag : `${tag}[${names.join(' ')}]`;
}

/** The elements a sample keeps in rich text of `kind`. */
export function expectedElements(sample: RichHtmlSample, kind: RichHtmlKind): readonly string[] {
  return kind === 'article' ? (sample.article ?? sample.post) : sample.post;
}

const link = 'a[href rel target]';
const deadLink = 'a[rel target]';
const mention = 'span[class data-id data-label data-type]';

export const richHtmlSamples: readonly RichHtmlSample[] = [
  {
    name: 'text formatting',
    html: '<p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s> <code>e</code></p>',
    post: ['p', 'strong', 'em', 'u', 's', 'code'],
  },
  {
    name: 'lists lose their attributes',
    html: '<ul class="x"><li>a</li></ul><ol start="3" type="a" reversed><li>b</li></ol>',
    post: ['ul', 'li', 'ol', 'li'],
  },
  {
    name: 'quote, code block and line break',
    html: '<blockquote><p>q</p></blockquote><pre><code class="language-js">x = 1</code></pre><p>a<br>b</p>',
    post: ['blockquote', 'p', 'pre', 'code', 'p', 'br'],
  },
  {
    name: 'a link gets rel and target',
    html: '<p><a href="https://example.com/x?y=1#z">h</a></p>',
    post: ['p', link],
  },
  {
    name: 'a link keeps only href, rel and target',
    html: '<a href="https://ok.example" title="t" class="c" id="i" rel="opener" target="_self" style="color:red" onmouseover="alert(1)">h</a>',
    post: [link],
  },
  {
    name: 'mailto and site paths are addresses',
    html: '<a href="mailto:a@example.com">m</a><a href="/de_DE/news/post-1">p</a><a href="HTTP://EXAMPLE.COM">u</a>',
    post: [link, link, link],
  },
  {
    name: 'script addresses lose the href',
    html: '<a href="javascript:alert(1)">1</a><a href="JaVaScRiPt:alert(1)">2</a><a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">3</a><a href="jav&#x09;ascript:alert(1)">4</a><a href=" javascript:alert(1)">5</a>',
    post: [deadLink, deadLink, deadLink, deadLink, deadLink],
  },
  {
    name: 'other schemes lose the href',
    html: '<a href="data:text/html;base64,PHNjcmlwdD4=">1</a><a href="vbscript:msgbox(1)">2</a><a href="ftp://example.com/f">3</a><a href="tel:+491234">4</a>',
    post: [deadLink, deadLink, deadLink, deadLink],
  },
  {
    name: 'addresses to another host without a scheme, and relative ones, lose the href',
    html: '<a href="//evil.example/x">1</a><a href="/\\evil.example/x">2</a><a href="page.html">3</a><a href="#top">4</a><a href="?q=1">5</a>',
    post: [deadLink, deadLink, deadLink, deadLink, deadLink],
  },
  {
    name: 'a mention keeps its markup',
    html: '<p><span data-type="mention" data-id="7" data-label="Anna B" data-mention-suggestion-char="@">@Anna</span></p>',
    post: ['p', mention],
  },
  {
    name: 'a mention loses what is not its markup',
    html: '<span data-type="mention" data-id="7" data-label="Anna" class="x" style="color:red" onclick="alert(1)" title="t">@Anna</span>',
    post: [mention],
  },
  {
    name: 'a mention without a label',
    html: '<span data-type="mention" data-id="12">@12</span>',
    post: ['span[class data-id data-type]'],
  },
  {
    name: 'a mention with a bad id is a plain span',
    html: '<span data-type="mention" data-id="1 onmouseover=alert(1)" data-label="x">@x</span><span data-type="mention" data-id="007">@y</span><span data-type="mention">@z</span>',
    post: ['span', 'span', 'span'],
  },
  {
    name: 'other spans lose every attribute',
    html: '<span class="mention" data-id="3" style="color:red">a</span><span data-type="other" data-id="3">b</span>',
    post: ['span', 'span'],
  },
  {
    name: 'headings only in articles',
    html: '<h1>a</h1><h2 id="x">b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>',
    post: [],
    article: ['h2', 'h3', 'h4'],
  },
  {
    name: 'no images, figures or media',
    html: '<figure><img src="https://example.com/a.png" alt="a"><figcaption>c</figcaption></figure><picture><source srcset="a.png"></picture><video src="v.mp4"></video>',
    post: [],
  },
  {
    name: 'no b, i, div, tables or forms',
    html: '<div><b>x</b><i>y</i></div><table><tbody><tr><td>z</td></tr></tbody></table><form action="/x"><input name="a"><button>go</button></form>',
    post: [],
  },
  {
    name: 'no styles, classes or event handlers on allowed tags',
    html: '<p style="background:url(javascript:alert(1))" class="lead" onclick="alert(1)" dir="rtl" lang="en">x</p>',
    post: ['p'],
  },
  {
    name: 'scripts, frames and foreign markup go with their content',
    html: '<script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe><svg><a href="https://example.com"><text>x</text></a></svg><math><mtext><p>m</p></mtext></math><noscript><p>n</p></noscript><template><p>t</p></template><textarea><p>a</p></textarea><p>ok</p>',
    post: ['p'],
  },
  {
    name: 'broken and nested markup',
    html: '<<script>script>alert(1)<</script>/script><scr<script>ipt>alert(1)</scr</script>ipt><p><strong><em>x</em></strong></p><!--<img src="--><img src=x onerror=alert(1)//">',
    post: ['p', 'strong', 'em'],
  },
  {
    name: 'document parts',
    html: '<base href="javascript:alert(1)//"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel="stylesheet" href="https://evil.example/x.css"><p>ok</p>',
    post: ['p'],
  },
];
