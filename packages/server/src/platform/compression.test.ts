import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { buildUser, testPassword } from '../../test/factories';
import { uploadFiles } from '../../test/multipart';
import { cookieHeader, openSocket } from '../../test/socket';
import { compressionThresholdBytes } from './compression';

/** What a browser sends. */
const browserEncodings = 'gzip, deflate, br, zstd';

function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  if (encoding === undefined) return response.rawPayload;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

describe('API compression', () => {
  let t: TestApp;
  let member: TestClient;
  /** An answer above the threshold: the OpenAPI document is the largest JSON the API sends. */
  const largeJson = '/api/docs/json';

  beforeAll(async () => {
    t = await createTestApp();
    const user = await buildUser(t.db);
    member = new TestClient(t.app);
    await member.login(user.username, testPassword);
  });
  afterAll(() => t.close());

  it('sends large JSON brotli or gzip encoded as accepted, and it decodes to the same JSON', async () => {
    const plain = await member.get(largeJson);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThresholdBytes);

    for (const [accept, encoding] of [
      [browserEncodings, 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const response = await member.get(largeJson, { headers: { 'accept-encoding': accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(response).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('compresses contract endpoints above the threshold, not those below it', async () => {
    const settings = await member.get('/api/v2/settings', {
      headers: { 'accept-encoding': browserEncodings },
    });
    expect(settings.statusCode).toBe(200);
    const settingsBody = decoded(settings);
    expect(settingsBody.length).toBeGreaterThan(compressionThresholdBytes);
    expect(settings.headers['content-encoding']).toBe('br');
    expect(JSON.parse(settingsBody.toString('utf8'))).toEqual((await member.get('/api/v2/settings')).json());

    const small = await member.get('/api/v2/activities/unread_activities', {
      headers: { 'accept-encoding': browserEncodings },
    });
    expect(small.rawPayload.length).toBeLessThan(compressionThresholdBytes);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends identity to a client that accepts no encoding of ours', async () => {
    for (const accept of ['identity', 'deflate', '']) {
      const response = await member.get(largeJson, { headers: { 'accept-encoding': accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toHaveProperty('openapi');
    }
  });

  it("keeps the contract's error body and the CSRF check", async () => {
    const refused = await member.post(
      '/api/v2/posts',
      { description: '<p>x</p>' },
      {
        withoutCsrf: true,
        headers: { 'accept-encoding': browserEncodings },
      },
    );
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(decoded(refused).toString('utf8'))).toEqual({
      errors: [{ code: 'csrf_invalid', message: expect.any(String) }],
    });
    const invalid = await member.post(
      '/api/v2/auth/login',
      { username: 'x'.repeat(5000), password: 'y' },
      {
        headers: { 'accept-encoding': browserEncodings },
      },
    );
    expect(invalid.statusCode).toBe(400);
    expect(JSON.parse(decoded(invalid).toString('utf8'))).toMatchObject({
      errors: [{ code: 'validation_failed', field: 'username' }],
    });
  });

  it('sends downloads byte for byte: an image as stored with its length, a text file decodable', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const image = await uploadFiles(member, '/api/v2/posts/file', { data: png, filename: 'photo.png' });
    const csvText = 'Name;Ort\n'.concat('Anna Schneider;Berlin\n'.repeat(200));
    const csv = await uploadFiles(member, '/api/v2/posts/file', {
      data: Buffer.from(csvText),
      filename: 'people.csv',
    });
    expect([image.statusCode, csv.statusCode]).toEqual([201, 201]);

    const imagePlain = await member.get(`/api/v2/posts/file/${image.json().id}`);
    const imageServed = await member.get(`/api/v2/posts/file/${image.json().id}`, {
      headers: { 'accept-encoding': browserEncodings },
    });
    expect(imageServed.headers['content-encoding']).toBeUndefined();
    expect(imageServed.headers['content-length']).toBe(String(imagePlain.rawPayload.length));
    expect(imageServed.rawPayload.equals(imagePlain.rawPayload)).toBe(true);

    const csvServed = await member.get(`/api/v2/posts/file/${csv.json().id}`, {
      headers: { 'accept-encoding': browserEncodings },
    });
    expect(csvServed.statusCode).toBe(200);
    expect(csvServed.headers['content-disposition']).toMatch(/^attachment;/);
    expect(decoded(csvServed).toString('utf8')).toBe(csvText);
  });

  it('opens the WebSocket when the upgrade request accepts encodings, as browsers send it', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v2/cable`;
    const socket = await openSocket(url, {
      cookie: cookieHeader(member.jar),
      origin: t.config.publicUrl,
      'accept-encoding': browserEncodings,
    });
    await socket.next((m) => m.type === 'welcome');
    socket.send({ command: 'ping' });
    await socket.next((m) => m.type === 'pong');
    await socket.close();
  });
});
