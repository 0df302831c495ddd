import type { LinkPreview } from '@plaza/contract';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildGroup, buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { writePost } from '../../../test/post-helpers';
import { sanitizeRichText } from '../../platform/html-sanitizer';
import { rateLimitTable } from '../../platform/rate-limit/limits';
import { usersRepo } from '../users/repo';
import { createPost } from './service';

/** Classic XSS payloads (OWASP filter evasion cheat sheet and friends). */
const payloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="https://ok.example" onmouseover="alert(1)">hover</a>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<div style="width: expression(alert(1))">old IE</div>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  '<img """><script>alert(1)</script>">',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<span data-type="mention" data-id="1 onmouseover=alert(1)" data-label="x">@x</span>',
  '<span data-type="mention" data-id="1" data-label="&quot; onmouseover=&quot;alert(1)" style="color:red" onclick="alert(1)">@x</span>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
];

/** The payloads that hold nothing executable as sent: entity-escaped text, and an attribute-value injection. */
const inertAsSent = new Set([
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<span data-type="mention" data-id="1 onmouseover=alert(1)" data-label="x">@x</span>',
]);

/** The elements a post description may hold (formatting, lists, quotes, code, links, mention spans). */
const renderedElements = new Set([
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'span',
]);

/**
 * What in `html` could run script or load something, found by parsing it (htmlparser2, entities decoded
 * as a browser decodes them): elements outside the rendered ones, event handler attributes, styles,
 * attribute values that are javascript:, vbscript: or data: addresses (browsers ignore whitespace and
 * control characters inside the scheme), and links that are not http(s) or mailto.
 */
function executableParts(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (!renderedElements.has(name)) found.push(`<${name}>`);
      for (const [attribute, value] of Object.entries(attributes)) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside a URL scheme
        const address = value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
        if (attribute.startsWith('on')) found.push(`${name} ${attribute}`);
        else if (attribute === 'style') found.push(`${name} style`);
        else if (/^(javascript|vbscript|data):/.test(address)) found.push(`${name} ${attribute}=${value}`);
        else if (name === 'a' && attribute === 'href' && !/^(https?|mailto):/.test(address)) {
          found.push(`a href=${value}`);
        }
      }
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

/** Markup that could run or load something, in HTML meant to be rendered. */
const executable =
  /<(script|svg|img|iframe|object|embed|style|math|form|input|body|details|base|meta|link|button)\b|\son[a-z]+\s*=|javascript:|vbscript:|data:|style=|expression\(/i;

describe('XSS payloads through posts, comments and previews', () => {
  let t: TestApp;
  let client: TestClient;
  let member: Awaited<ReturnType<typeof buildUser>>;
  let groupId: number;

  /** The app's clock, moved by hand: each post goes into a fresh window of the posts rate limit. */
  let now = Date.now();
  const nextPostWindow = () => {
    now += rateLimitTable.posts.windowSeconds * 1000;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(now) });
    member = await buildUser(t.db);
    groupId = (await buildGroup(t.db, { admins: [member] })).id;
    client = await signedIn(t, member);
  });
  afterAll(() => t.close());

  it('each payload but the inert ones holds executable markup as sent, so the check below has work to do', () => {
    for (const payload of payloads) {
      expect(executableParts(`<p>Hallo</p>${payload}`).length > 0, payload).toBe(!inertAsSent.has(payload));
    }
  });

  it('keeps nothing executable in a post description (parsed as HTML, and by pattern)', async () => {
    for (const payload of payloads) {
      nextPostWindow();
      const response = await client.post('/api/v2/posts', {
        description: `<p>Hallo</p>${payload}`,
        group_id: groupId,
      });
      expect(response.statusCode, payload).toBe(201);
      const stored = (await client.get(`/api/v2/posts/${response.json().item_id}`)).json().description;
      expect(executableParts(stored), payload).toEqual([]);
      expect(stored, payload).not.toMatch(executable);
    }
  });

  it('keeps safe formatting, links and mentions', () => {
    expect(
      sanitizeRichText(
        '<p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s> <code>e</code></p><ul><li>f</li></ul><blockquote>g</blockquote><a href="https://example.com/x" target="_blank">h</a> <a href="mailto:a@example.com">i</a>',
      ),
    ).toBe(
      '<p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s> <code>e</code></p><ul><li>f</li></ul><blockquote>g</blockquote><a rel="noopener noreferrer nofollow" href="https://example.com/x" target="_blank">h</a> <a rel="noopener noreferrer nofollow" href="mailto:a@example.com" target="_blank">i</a>',
    );
    expect(sanitizeRichText('<span data-type="mention" data-id="7" data-label="Anna B">@Anna</span>')).toBe(
      '<span data-type="mention" data-id="7" data-label="Anna B" class="mention">@Anna</span>',
    );
  });

  it('stores comment text as written: markup in a comment is text, returned unchanged', async () => {
    nextPostWindow();
    const post = await writePost(client, { description: '<p>Kommentare</p>', group_id: groupId });
    for (const payload of payloads) {
      const response = await client.put('/api/v2/comments', {
        type: 'post',
        id: post.item_id,
        text: `Text ${payload}`,
      });
      expect(response.statusCode, payload).toBe(201);
      expect(response.json().text, payload).toBe(`Text ${payload}`);
    }
    const listed = (
      await client.get('/api/v2/comments', { query: { type: 'post', id: post.item_id, per_page: 100 } })
    )
      .json()
      .results.map((c: { text: string }) => c.text);
    expect(listed).toEqual(payloads.map((payload) => `Text ${payload}`));
  });

  it('stores only clean preview fields, whatever the fetcher returned', async () => {
    const user = (await usersRepo.byId(t.db, member.id))!;
    for (const payload of payloads) {
      const hostile: LinkPreview = {
        url: 'javascript:alert(1)',
        title: `Titel ${payload}`,
        description: `Beschreibung ${payload}`,
        image: 'javascript:alert(1)',
        image_url: `data:image/svg+xml,${encodeURIComponent(payload)}`,
        video_url: 'vbscript:msgbox(1)',
      };
      const post = await createPost(
        { db: t.db, bus: t.bus, storage: t.storage, fetchPreview: async () => hostile },
        user,
        { description: '<p>Link</p>', group_id: groupId, preview: { url: 'https://example.com/page' } },
      );
      const preview = (await client.get(`/api/v2/posts/${post.item_id}`)).json().preview;
      expect(preview.url).toBe('https://example.com/page');
      // Texts are plain text: the payload is kept as text (the web escapes it), never as markup to run.
      expect(preview.title, payload).toBe(`Titel ${payload}`);
      expect(preview.description, payload).toBe(`Beschreibung ${payload}`);
      expect(preview).toMatchObject({ image: null, image_url: null, video_url: null });
    }
  });
});
