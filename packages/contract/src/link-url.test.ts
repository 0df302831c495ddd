import { describe, expect, it } from 'vitest';
import { isLinkUrl } from './link-url';

describe('isLinkUrl', () => {
  it.each([
    'https://example.com',
    'http://example.com',
    'https://www.example.com/',
    'https://sub.domain.example.co.uk/path/to?x=1#top',
    'https://example.museum',
    'https://example.com:8080/a',
    'https://example.com:1',
    'https://example.abcdefghijklmnopqr',
    'HTTPS://EXAMPLE.COM/Path',
    'https://my-site.example.org?q=1',
  ])('accepts %s', (url) => {
    expect(isLinkUrl(url)).toBe(true);
  });

  it.each([
    'example.com',
    'ftp://example.com',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://localhost',
    'https://127.0.0.1',
    'https://[::1]/',
    'https://example.c',
    'https://example.abcdefghijklmnopqrs',
    'https://example.com1',
    'https://example.com:123456',
    'https://example.com:',
    'https://exa mple.com',
    'https://example.com/a b',
    'https://-example.com',
    'https://user:pass@example.com',
    'https:// example.com',
    '',
  ])('refuses %s', (url) => {
    expect(isLinkUrl(url)).toBe(false);
  });

  it('refuses overly long text', () => {
    expect(isLinkUrl(`https://example.com/${'a'.repeat(2100)}`)).toBe(false);
  });
});
