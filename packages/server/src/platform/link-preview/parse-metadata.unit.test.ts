import { describe, expect, it } from 'vitest';
import { absoluteHttpUrl, cleanText } from './clean-text';
import { parseMetadata, parseOEmbed } from './parse-metadata';

describe('parseMetadata', () => {
  it('prefers Open Graph over Twitter cards over <title> and meta description', () => {
    const page = parseMetadata(`<!doctype html><html><head>
      <title>Page title</title>
      <meta name="description" content="Meta description">
      <meta name="twitter:title" content="Twitter title">
      <meta property="og:title" content="OG title">
      <meta property="og:description" content="OG description">
      <meta property="og:image" content="/img/og.png">
      <meta name="twitter:image" content="https://cdn.example.com/tw.png">
      </head><body></body></html>`);
    expect(page).toEqual({
      title: 'OG title',
      description: 'OG description',
      image: '/img/og.png',
      video: null,
      oembed: null,
    });
  });

  it('falls back to Twitter card fields, then to <title> and the meta description', () => {
    expect(
      parseMetadata(
        `<meta name="twitter:title" content="Tw"><meta name="twitter:image:src" content="a.png">`,
      ),
    ).toMatchObject({ title: 'Tw', image: 'a.png' });
    expect(
      parseMetadata('<title> Only  title </title><meta name="description" content="Desc">'),
    ).toMatchObject({
      title: 'Only  title',
      description: 'Desc',
    });
  });

  it('finds the oEmbed link and an og:video', () => {
    const page = parseMetadata(`<head>
      <link rel="alternate" type="application/json+oembed" href="https://video.example.com/oembed?url=x">
      <link rel="alternate" type="text/xml+oembed" href="https://video.example.com/oembed.xml">
      <meta property="og:video:secure_url" content="https://video.example.com/embed/1">
      </head>`);
    expect(page.oembed).toBe('https://video.example.com/oembed?url=x');
    expect(page.video).toBe('https://video.example.com/embed/1');
  });

  it('reads messy HTML: upper case, unquoted attributes, entities, unclosed tags, a title in the body', () => {
    const page = parseMetadata(`<HTML><HEAD><META PROPERTY=og:title CONTENT="Caf&eacute; &amp; Bar">
      <meta name=description content=Plain><p>unclosed
      <body><title>Late &lt;b&gt;title</title><svg><title>Icon</title></svg>`);
    expect(page.title).toBe('Café & Bar');
    expect(page.description).toBe('Plain');
    expect(
      parseMetadata('<body><title>Late &lt;b&gt;title</title><svg><title>Icon</title></svg>').title,
    ).toBe('Late <b>title');
    expect(parseMetadata('').title).toBeNull();
  });
});

describe('cleanText', () => {
  it('removes control characters, collapses spaces and caps the length; markup stays text', () => {
    expect(cleanText('<script>alert(1)</script>Hi <b>there</b>\u0000\u202e!', 100)).toBe(
      '<script>alert(1)</script>Hi <b>there</b> !',
    );
    expect(cleanText('List<T> &  Map<K, V>\n\t(a<b)', 100)).toBe('List<T> & Map<K, V> (a<b)');
    expect(cleanText('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(cleanText('   ', 10)).toBeNull();
    expect(cleanText(null, 10)).toBeNull();
  });

  it('stores no unpaired surrogate: a lone one becomes U+FFFD, and the cap never splits a pair', () => {
    expect(cleanText('a\uD83Db\uDE00c \u{1F600}', 100)).toBe('a\uFFFDb\uFFFDc \u{1F600}');
    expect(cleanText(`ab${'\u{1F600}'.repeat(5)}`, 4)).toBe('ab…');
    expect(cleanText(`abc${'\u{1F600}'.repeat(5)}`, 6)).toBe('abc\u{1F600}…');
  });
});

describe('absoluteHttpUrl', () => {
  it('resolves relative addresses and refuses other schemes and credentials', () => {
    expect(absoluteHttpUrl('/a.png', 'https://example.com/page')).toBe('https://example.com/a.png');
    expect(absoluteHttpUrl('//cdn.example.com/b.png', 'https://example.com/')).toBe(
      'https://cdn.example.com/b.png',
    );
    expect(absoluteHttpUrl('javascript:alert(1)', 'https://example.com/')).toBeNull();
    expect(absoluteHttpUrl('data:image/png;base64,AAAA', 'https://example.com/')).toBeNull();
    expect(absoluteHttpUrl('https://u:p@example.com/', 'https://example.com/')).toBeNull();
    expect(absoluteHttpUrl('', 'https://example.com/')).toBeNull();
  });
});

describe('parseOEmbed', () => {
  it('reads a video document with its player', () => {
    expect(
      parseOEmbed(
        JSON.stringify({
          type: 'video',
          title: 'A video',
          thumbnail_url: 'https://i.example.com/t.jpg',
          html: '<iframe width="480" src="https://video.example.com/embed/abc?feature=oembed" allowfullscreen></iframe>',
        }),
      ),
    ).toEqual({
      type: 'video',
      title: 'A video',
      thumbnail: 'https://i.example.com/t.jpg',
      player: 'https://video.example.com/embed/abc?feature=oembed',
    });
  });

  it('ignores what is not an oEmbed object', () => {
    expect(parseOEmbed('not json')).toBeNull();
    expect(parseOEmbed('[1,2]')).toBeNull();
    expect(parseOEmbed('{"type": 5, "html": "<b>no frame</b>"}')).toEqual({
      type: null,
      title: null,
      thumbnail: null,
      player: null,
    });
  });
});
