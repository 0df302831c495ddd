import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

async function headersOf(secureCookies: boolean) {
  const app = Fastify();
  registerSecurityHeaders(app, securityHeaders({ secureCookies }));
  app.get('/', async () => ({ ok: true }));
  app.get('/download', async (_request, reply) => {
    reply.header('content-security-policy', 'sandbox');
    return 'file';
  });
  const [page, download] = await Promise.all([
    app.inject({ method: 'GET', url: '/' }),
    app.inject({ method: 'GET', url: '/download' }),
  ]);
  await app.close();
  return { page: page.headers, download: download.headers };
}

describe('security headers', () => {
  it('behind HTTPS: Strict-Transport-Security and upgrade-insecure-requests', async () => {
    const { page } = await headersOf(true);
    expect(page['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(page['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('on plain HTTP: neither, so that no request is sent to a port that does not answer', async () => {
    const { page } = await headersOf(false);
    expect(page['strict-transport-security']).toBeUndefined();
    expect(page['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(page['content-security-policy']).toContain("default-src 'self'");
  });

  it('leave a route its own policy', async () => {
    const { download } = await headersOf(false);
    expect(download['content-security-policy']).toBe('sandbox');
    expect(download['x-content-type-options']).toBe('nosniff');
  });
});
