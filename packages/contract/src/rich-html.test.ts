import { describe, expect, it } from 'vitest';
import {
  allAttributeNames,
  allowedAttributes,
  allowedUrlPattern,
  articleOnlyTags,
  articleTags,
  droppedWithContent,
  isAllowedUrl,
  isMentionId,
  linkAttributes,
  mentionMarkup,
  postTags,
  richHtmlTags,
  urlAttributes,
  urlSchemes,
} from './rich-html';
import { elementSignature, expectedElements, richHtmlSamples } from './rich-html-samples';

const tagName = /^[a-z][a-z0-9]*$/;
const attributeName = /^[a-z][a-z-]*$/;

describe('the rich-text allow-list', () => {
  it('names tags and attributes in lower case, each once', () => {
    for (const [tag, attributes] of Object.entries(articleTags)) {
      expect(tag).toMatch(tagName);
      expect(new Set(attributes).size, tag).toBe(attributes.length);
      for (const name of attributes) expect(name, tag).toMatch(attributeName);
    }
  });

  it('allows nothing that loads, runs or styles', () => {
    const tags = Object.keys(articleTags);
    for (const tag of [
      'script',
      'style',
      'iframe',
      'object',
      'embed',
      'img',
      'svg',
      'math',
      'form',
      'input',
    ]) {
      expect(tags).not.toContain(tag);
    }
    for (const tag of ['base', 'meta', 'link', 'video', 'audio', 'source', 'picture', 'figure', 'template']) {
      expect(tags).not.toContain(tag);
    }
    for (const name of allAttributeNames) {
      expect(name).not.toMatch(/^on/);
      expect(['style', 'src', 'srcset', 'action', 'formaction', 'id', 'name', 'xlink:href']).not.toContain(
        name,
      );
    }
  });

  it('has an article list that is the post list plus headings', () => {
    expect(richHtmlTags.post).toBe(postTags);
    expect(articleTags).toEqual({ ...postTags, ...articleOnlyTags });
    expect(Object.keys(articleOnlyTags)).toEqual(['h2', 'h3', 'h4']);
    for (const tag of Object.keys(articleOnlyTags)) expect(Object.keys(postTags)).not.toContain(tag);
  });

  it('puts addresses only on links, with safe schemes', () => {
    expect(urlAttributes).toEqual(['href']);
    expect(Object.keys(articleTags).filter((tag) => allowedAttributes(tag).includes('href'))).toEqual(['a']);
    expect([...urlSchemes].sort()).toEqual(['http', 'https', 'mailto']);
  });

  it('lists the link attributes the links always get', () => {
    expect(linkAttributes).toEqual({ rel: 'noopener noreferrer nofollow', target: '_blank' });
    for (const name of Object.keys(linkAttributes)) expect(allowedAttributes('a')).toContain(name);
  });

  it('describes the mention markup with attributes the span allows', () => {
    expect(mentionMarkup.tag).toBe('span');
    expect([...allowedAttributes('span')].sort()).toEqual(['class', 'data-id', 'data-label', 'data-type']);
    expect(Object.keys(articleTags)).toContain(mentionMarkup.tag);
  });

  it('drops no allowed tag with its content', () => {
    for (const tag of droppedWithContent) {
      expect(tag).toMatch(/^[a-z][a-z-]*$/);
      expect(Object.keys(articleTags)).not.toContain(tag);
    }
  });

  it('knows no attributes for a tag that is not allowed', () => {
    expect(allowedAttributes('img')).toEqual([]);
    expect(allowedAttributes('toString')).toEqual([]);
    expect(allowedAttributes('__proto__')).toEqual([]);
  });
});

describe('addresses', () => {
  it.each([
    'https://example.com/x?y=1#z',
    'http://example.com',
    'HTTPS://EXAMPLE.COM',
    'mailto:a@example.com',
    '/de_DE/news/post-1',
    '/',
    ' https://example.com',
  ])('allows %s', (url) => {
    expect(isAllowedUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'jav\tascript:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    'java\u00A0script:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'ftp://example.com/f',
    'tel:+491234',
    'https-evil:x',
    '//evil.example',
    '/\\evil.example',
    '/ /evil.example',
    '/\t/evil.example',
    'page.html',
    '#top',
    '?q=1',
    '',
  ])('refuses %j', (url) => {
    expect(isAllowedUrl(url)).toBe(false);
  });

  it('is one pattern DOMPurify can take', () => {
    expect(allowedUrlPattern.flags).toBe('i');
    expect(allowedUrlPattern.test('https://x')).toBe(true);
  });
});

describe('mention ids', () => {
  it('are positive integers without a leading zero', () => {
    for (const id of ['1', '7', '2147483647']) expect(isMentionId(id)).toBe(true);
    // Ten digits fit the pattern but not an id column.
    expect(isMentionId('2147483648')).toBe(false);
    for (const id of ['0', '007', '-1', '1.5', '1 onmouseover=x', '', '12345678901', null, undefined]) {
      expect(isMentionId(id)).toBe(false);
    }
  });
});

describe('the samples', () => {
  it('have unique names', () => {
    const names = richHtmlSamples.map((sample) => sample.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('expect only what the list allows', () => {
    for (const sample of richHtmlSamples) {
      for (const kind of ['post', 'article'] as const) {
        for (const element of expectedElements(sample, kind)) {
          const [, tag = '', names = ''] = /^([a-z0-9]+)(?:\[(.*)\])?$/.exec(element) ?? [];
          expect(Object.keys(richHtmlTags[kind]), `${sample.name}: ${element}`).toContain(tag);
          const attributes = names ? names.split(' ') : [];
          expect(elementSignature(tag, attributes), sample.name).toBe(element);
          for (const name of attributes)
            expect(allowedAttributes(tag), `${sample.name}: ${element}`).toContain(name);
        }
      }
    }
  });

  it('cover every allowed tag and attribute', () => {
    const seen = new Set(richHtmlSamples.flatMap((sample) => [...sample.post, ...(sample.article ?? [])]));
    for (const [tag, attributes] of Object.entries(articleTags)) {
      expect(
        [...seen].some((element) => element === tag || element.startsWith(`${tag}[`)),
        tag,
      ).toBe(true);
      for (const name of attributes) {
        expect(
          [...seen].some((element) => element.startsWith(`${tag}[`) && element.includes(name)),
          `${tag}[${name}]`,
        ).toBe(true);
      }
    }
  });
});
