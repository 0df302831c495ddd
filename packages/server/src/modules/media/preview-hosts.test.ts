import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestClient } from '../../../test/client';
import { buildUser } from '../../../test/factories';
import { signedIn } from '../../../test/group-helpers';
import { type PreviewSite, pngImage, startPreviewSite } from '../../../test/link-preview-server';

// The running server's path: no injected fetch options, the system resolver and the operator's
// static host map from LINK_PREVIEW_HOSTS.
describe('link previews through the static host map (LINK_PREVIEW_HOSTS)', () => {
  let t: TestApp;
  let site: PreviewSite;
  let member: TestClient;
  let base: string;

  const preview = (client: TestClient, url: string) =>
    client.get('/api/v2/media.preview', { query: { url } });

  beforeAll(async () => {
    site = await startPreviewSite();
    base = `http://news.intranet.test:${site.port}`;
    t = await createTestApp({
      env: { LINK_PREVIEW_HOSTS: 'wiki.example=10.0.0.5,News.Intranet.test=127.0.0.1' },
    });
    member = await signedIn(t, await buildUser(t.db));
    site.pages.set('/article', {
      type: 'text/html; charset=utf-8',
      body: `<html><head><meta property="og:title" content="Canteen opens">
        <meta property="og:description" content="New menu from Monday.">
        <meta property="og:image" content="/cover.png"></head></html>`,
    });
    site.pages.set('/cover.png', { type: 'image/png', body: await pngImage(120, 80) });
  });

  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('refuses anonymous callers', async () => {
    expect((await preview(new TestClient(t.app), `${base}/article`)).statusCode).toBe(401);
  });

  it('previews a page of a listed host on a loopback address, image included, with the name as Host', async () => {
    const response = await preview(member, `${base}/article`);
    expect(response.statusCode).toBe(200);
    expect(response.json().preview).toEqual({
      url: `${base}/article`,
      title: 'Canteen opens',
      description: 'New menu from Monday.',
      image: expect.stringMatching(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/),
      image_url: `${base}/cover.png`,
      video_url: null,
    });
    expect(site.hosts.at(-1)).toBe(`news.intranet.test:${site.port}`);
  });

  it('refuses a redirect from a listed host to a bare loopback address or to another private name', async () => {
    for (const to of [
      `http://127.0.0.1:${site.port}/article`,
      `http://localhost:${site.port}/article`,
      `http://[::ffff:127.0.0.1]:${site.port}/article`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const before = site.requests.length;
      const response = await preview(member, `${base}/redirect?to=${encodeURIComponent(to)}&n=${before}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ preview: null });
      // Only the redirect itself reached the site: the refused hop was never fetched.
      expect(site.requests.slice(before)).toEqual(['/redirect']);
    }
  });

  it('sends names that are not listed through DNS and the full guard', async () => {
    const before = site.requests.length;
    const response = await preview(member, `http://unlisted.intranet.test:${site.port}/article`);
    expect(response.json()).toEqual({ preview: null });
    expect(site.requests.length).toBe(before);
  });
});
