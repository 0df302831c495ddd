import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import {
  type PreviewSite,
  pngImage,
  startPreviewSite,
  testFetchOptions,
} from '../../../test/link-preview-server';
import { linkPreviews } from '../../db/schema';
import { rateLimitTable } from '../../platform/rate-limit';
import { readObject } from '../../platform/storage';
import { getLinkPreview, mediaDeps } from './preview-service';

describe('link previews (GET /api/v2/media.preview)', () => {
  let t: TestApp;
  let site: PreviewSite;
  let member: TestClient;

  const preview = (client: TestClient, url: string) =>
    client.get('/api/v2/media.preview', { query: { url } });

  beforeAll(async () => {
    site = await startPreviewSite();
    t = await createTestApp({ linkPreviewFetch: testFetchOptions });
    member = await signedIn(t, await buildUser(t.db));
    site.pages.set('/article', {
      type: 'text/html; charset=utf-8',
      body: `<html><head><title>Fallback</title>
        <meta property="og:title" content="An &lt;script&gt;alert(1)&lt;/script&gt; article">
        <meta property="og:description" content="  What it is about.  ">
        <meta property="og:image" content="/cover.png"></head><body>Text</body></html>`,
    });
    site.pages.set('/cover.png', { type: 'image/png', body: await pngImage(1600, 900) });
    site.pages.set('/video', {
      type: 'text/html',
      body: `<head><title>Clip</title>
        <link rel="alternate" type="application/json+oembed" href="/oembed.json"></head>`,
    });
    site.pages.set('/oembed.json', {
      type: 'application/json',
      body: JSON.stringify({
        type: 'video',
        title: 'Clip via oEmbed',
        thumbnail_url: `http://public.test:${site.port}/fake.png`,
        html: '<iframe src="https://player.example.com/embed/42"></iframe>',
      }),
    });
    site.pages.set('/fake.png', { type: 'image/png', body: '<svg onload=alert(1)>' });
    site.pages.set('/internal-image', {
      type: 'text/html',
      body: '<title>Has an internal image</title><meta property="og:image" content="http://127.0.0.1/admin.png">',
    });
    site.pages.set('/empty', { type: 'text/html', body: '<p>nothing to say</p>' });
  });

  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('refuses anonymous callers', async () => {
    const response = await preview(new TestClient(t.app), `${site.base}/article`);
    expect(response.statusCode).toBe(401);
  });

  it.each([
    'not a url',
    'ftp://example.com/file',
    'https://localhost/',
    'http://127.0.0.1/',
    'javascript:alert(1)',
  ])('answers 400 for text that is not a link: %s', async (url) => {
    const response = await preview(member, url);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'validation_failed' });
  });

  it('answers 400 without a url', async () => {
    expect((await member.get('/api/v2/media.preview')).statusCode).toBe(400);
  });

  it('builds a preview from Open Graph with a local WebP copy of the image and the texts as plain text', async () => {
    const response = await preview(member, `${site.base}/article#section`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.preview).toEqual({
      url: `${site.base}/article`,
      // Decoded and kept as text (the web shows it as text), spaces trimmed.
      title: 'An <script>alert(1)</script> article',
      description: 'What it is about.',
      image: expect.stringMatching(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/),
      image_url: `${site.base}/cover.png`,
      video_url: null,
    });
    const [row] = await t.db
      .select()
      .from(linkPreviews)
      .where(eq(linkPreviews.url, `${site.base}/article`));
    const stored = await readObject(t.storage, row!.image_path!);
    const meta = await sharp(stored!).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800 });
    const served = await t.app.inject({ method: 'GET', url: body.preview.image });
    expect(served.statusCode).toBe(200);
  });

  it('serves the cached preview for 24 hours without fetching again', async () => {
    const before = site.requests.length;
    const again = await preview(member, `${site.base}/article`);
    expect(again.json().preview.title).toBe('An <script>alert(1)</script> article');
    expect(site.requests.length).toBe(before);
  });

  it('fetches again after 24 hours, reusing the stored image when it is the same and keeping the old one otherwise', async () => {
    const url = `${site.base}/article`;
    const deps = mediaDeps({ ...t, linkPreviewFetch: testFetchOptions });
    const [old] = await t.db.select().from(linkPreviews).where(eq(linkPreviews.url, url));
    const expire = () =>
      t.db
        .update(linkPreviews)
        .set({ fetched_at: new Date(Date.now() - 25 * 3600 * 1000) })
        .where(eq(linkPreviews.url, url));
    await expire();
    const before = site.requests.filter((path) => path === '/article').length;
    const same = await getLinkPreview(deps, url);
    expect(site.requests.filter((path) => path === '/article').length).toBe(before + 1);
    expect(same?.image).toBe(`/uploads/${old!.image_path}`);

    site.pages.set('/other-cover.png', { type: 'image/png', body: await pngImage(300, 200) });
    const page = site.pages.get('/article')!;
    site.pages.set('/article', {
      ...page,
      body: String(page.body).replace('/cover.png', '/other-cover.png'),
    });
    await expire();
    const changed = await getLinkPreview(deps, url);
    expect(changed?.image).not.toBe(`/uploads/${old!.image_path}`);
    expect(changed?.image_url).toBe(`${site.base}/other-cover.png`);
    // Posts keep the earlier preview with its image address: the old copy stays.
    expect(await readObject(t.storage, old!.image_path!)).not.toBeNull();
  });

  it('reads an oEmbed video and drops an image that is not one by its content', async () => {
    const body = (await preview(member, `${site.base}/video`)).json();
    expect(body.preview).toEqual({
      url: `${site.base}/video`,
      title: 'Clip',
      description: null,
      image: null,
      image_url: null,
      video_url: 'https://player.example.com/embed/42',
    });
  });

  it('never fetches an image on a refused address', async () => {
    const body = (await preview(member, `${site.base}/internal-image`)).json();
    expect(body.preview).toMatchObject({ title: 'Has an internal image', image: null, image_url: null });
  });

  it('swallows failures: a refused target or a page without metadata gives preview null', async () => {
    for (const url of [
      'http://evil.test/',
      'http://metadata.test/latest/meta-data/',
      'http://unknown-name.test/',
      `${site.base}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`,
      `${site.base}/empty`,
      `${site.base}/missing`,
    ]) {
      const response = await preview(member, url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ preview: null });
    }
  });

  it('throttles lookups per member', async () => {
    const busy = await signedIn(t, await buildUser(t.db));
    for (let i = 0; i < rateLimitTable.previews.max; i += 1) {
      expect((await preview(busy, `${site.base}/empty`)).statusCode).toBe(200);
    }
    const blocked = await preview(busy, `${site.base}/empty`);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await preview(member, `${site.base}/empty`)).statusCode).toBe(200);
  });
});
