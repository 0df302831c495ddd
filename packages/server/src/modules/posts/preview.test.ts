import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { buildGroup, buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import {
  type PreviewSite,
  pngImage,
  startPreviewSite,
  testFetchOptions,
} from '../../../test/link-preview-server';
import { writePost } from '../../../test/post-helpers';

describe('posts: link previews are fetched by the server', () => {
  let t: TestApp;
  let site: PreviewSite;
  let client: TestClient;
  let groupId: number;

  beforeAll(async () => {
    site = await startPreviewSite();
    t = await createTestApp({ linkPreviewFetch: testFetchOptions });
    const member = await buildUser(t.db);
    groupId = (await buildGroup(t.db, { admins: [member] })).id;
    client = await signedIn(t, member);
    site.pages.set('/image.png', { type: 'image/png', body: await pngImage() });
    site.pages.set('/article', {
      type: 'text/html; charset=utf-8',
      body: `<html><head>
        <meta property="og:title" content="Sommerfest &lt;script&gt;alert(1)&lt;/script&gt; 2026">
        <meta property="og:description" content="<img src=x onerror=alert(1)>Alle sind eingeladen">
        <meta property="og:image" content="${site.base}/image.png">
        </head><body>Hallo</body></html>`,
    });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('stores what the server fetched, as plain text (markup stays text) with a local image copy', async () => {
    const post = await writePost(client, {
      description: '<p>Link</p>',
      group_id: groupId,
      preview: { url: `${site.base}/article`, title: 'Vom Client', image: 'javascript:alert(1)' },
    });
    expect(post.preview).toMatchObject({ url: `${site.base}/article`, image_url: `${site.base}/image.png` });
    // The page's texts as it wrote them (decoded); the web shows them as text, so they never run.
    expect(post.preview?.title).toBe('Sommerfest <script>alert(1)</script> 2026');
    expect(post.preview?.description).toBe('<img src=x onerror=alert(1)>Alle sind eingeladen');
    expect(post.preview?.title).not.toContain('Vom Client');
    expect(post.preview?.image).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/);
  });

  it('keeps the link without a preview for a refused target, fetching nothing', async () => {
    const before = site.requests.length;
    for (const url of [
      'http://evil.test/',
      'http://metadata.test/latest/meta-data/',
      'http://localhost.test/',
    ]) {
      const post = await writePost(client, {
        description: '<p>Link</p>',
        group_id: groupId,
        preview: { url, title: '<script>alert(1)</script>' },
      });
      expect(post.preview, url).toEqual({
        url,
        title: null,
        description: null,
        image: null,
        image_url: null,
        video_url: null,
      });
    }
    expect(site.requests.length).toBe(before);
  });

  it('keeps the link when the site has no preview (unreachable, not found), and reads it back', async () => {
    const url = `${site.base}/gone`;
    const post = await writePost(client, { description: '<p>Link</p>', group_id: groupId, preview: { url } });
    expect(post.preview).toMatchObject({ url, title: null, description: null, image: null });
    const again = (await client.get(`/api/v2/posts/${post.item_id}`)).json();
    expect(again.preview?.url).toBe(url);
  });
});
