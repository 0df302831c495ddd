import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { uploadFiles } from '../../../test/multipart';
import { type PageAdminFixture, pageAdminFixture, pdf, png } from '../../../test/page-admin-fixture';

describe('CMS page files', () => {
  let t: TestApp;
  let visitor: TestClient;
  let member: TestClient;
  let admin: TestClient;
  let create: PageAdminFixture['create'];

  beforeAll(async () => {
    ({ t, visitor, member, admin, create } = await pageAdminFixture());
  });
  afterAll(() => t.close());

  it('stores gallery images and download files checked by content, and serves the files to those who may read the page', async () => {
    const page = await create({ title: 'Medien', visibility: 'all' });
    const image = await uploadFiles(admin, `/api/v2/admin/pages/${page.id}/images`, {
      data: await png(),
      filename: 'bild.png',
    });
    expect(image.statusCode, image.body).toBe(200);
    const file = await uploadFiles(admin, `/api/v2/admin/pages/${page.id}/files`, {
      data: pdf,
      filename: 'plan.pdf',
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json()).toMatchObject({ name: 'plan.pdf', type: 'application/pdf', size: pdf.length });

    const fake = await uploadFiles(admin, `/api/v2/admin/pages/${page.id}/images`, {
      data: Buffer.from('<svg onload="alert(1)"></svg>'),
      filename: 'bild.png',
      type: 'image/png',
    });
    expect(fake.statusCode).toBeGreaterThanOrEqual(400);
    expect(fake.statusCode).toBeLessThan(500);
    const program = await uploadFiles(admin, `/api/v2/admin/pages/${page.id}/files`, {
      data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
      filename: 'plan.pdf',
    });
    expect(program.statusCode).toBe(415);

    await admin.put(`/api/v2/admin/pages/${page.id}`, {
      title: 'Medien',
      visibility: 'all',
      modules: [
        { type: 'gallery', data: { images: [{ image_id: image.json().id, caption: 'Das Team' }] } },
        { type: 'downloads', data: { files: [{ file_id: file.json().id, title: 'Der Plan' }] } },
      ],
    });
    await admin.post(`/api/v2/admin/pages/${page.id}/publish`);
    const read = (await visitor.get(`/api/v2/pages/${page.id}`)).json();
    expect(read.modules[0].cross_references.images[0]).toMatchObject({
      image_id: image.json().id,
      url: image.json().url,
      caption: 'Das Team',
    });
    const download = read.modules[1].cross_references.files[0];
    expect(download).toMatchObject({ title: 'Der Plan', type: 'application/pdf', size: pdf.length });
    const fetched = await visitor.get(download.linkToDownload);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(pdf)).toBe(true);
    expect(fetched.headers['content-disposition']).toContain('attachment');

    await admin.put(`/api/v2/admin/pages/${page.id}`, { title: 'Medien', visibility: 'members' });
    await admin.post(`/api/v2/admin/pages/${page.id}/publish`);
    expect((await visitor.get(download.linkToDownload)).statusCode).toBe(404);
    expect((await member.get(download.linkToDownload)).statusCode).toBe(200);
  });

  it('gives an article its page files as attachments in the news', async () => {
    const article = await create({ type: 'article', title: 'Mit Anhang', visibility: 'members' });
    const file = await uploadFiles(admin, `/api/v2/admin/pages/${article.id}/files`, {
      data: pdf,
      filename: 'anhang.pdf',
    });
    await admin.post(`/api/v2/admin/pages/${article.id}/publish`);
    const news = (await member.get(`/api/v2/news/page-${article.id}`)).json();
    expect(news.attachments).toEqual([
      {
        type: 'application/pdf',
        name: 'anhang.pdf',
        link: `/api/v2/pages/${article.id}/files/${file.json().id}`,
      },
    ]);
  });
});
