// A tiny local web site for the e2e link preview: an article page with Open Graph title,
// description and image (a PNG made in code), and `/moved`, a redirect to the same article through
// the bare loopback address (which the preview guard must refuse). Started by start-server.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { previewArticle } from './fixtures/preview-site';

/** CRC-32 of a PNG chunk (type and data), as the PNG format asks. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGB PNG of the given size. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const articlePage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Campus news</title>
<meta property="og:title" content="${previewArticle.title}">
<meta property="og:description" content="${previewArticle.description}">
<meta property="og:image" content="/cover.png">
</head><body><h1>${previewArticle.title}</h1></body></html>`;

/** Starts the site on a free port of 127.0.0.1; resolves with the port and a stop function. */
export async function startPreviewSite(): Promise<{ port: number; close: () => Promise<void> }> {
  const cover = solidPng(320, 180, [46, 125, 50]);
  let port = 0;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    if (path === '/moved') {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/article` }).end();
    } else if (path === '/article')
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articlePage);
    else if (path === '/cover.png') response.writeHead(200, { 'content-type': 'image/png' }).end(cover);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ({ port } = server.address() as AddressInfo);
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { port, close };
}
