import { cookies, csrfHeader, limits } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildUser, testPassword } from '../../../test/factories';

/** app.inject hands the body over in one piece; a real socket streams it, which is where limits can slip. */
describe('uploads over a real socket', () => {
  let t: TestApp;
  let base: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const user = await buildUser(t.db);
    const first = await fetch(`${base}/api/v2/auth/is_authenticated`);
    const csrf = first.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${cookies.csrf}=`))!
      .split(';')[0]!;
    const token = csrf.split('=')[1]!;
    const login = await fetch(`${base}/api/v2/auth/login`, {
      method: 'POST',
      headers: { cookie: csrf, [csrfHeader]: token, 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: testPassword }),
    });
    expect(login.status).toBe(200);
    const session = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    headers = { cookie: [csrf, ...session].join('; '), [csrfHeader]: token };
  });
  afterAll(() => t.close());

  const form = (size: number) => {
    const body = new FormData();
    body.append('file', new Blob([Buffer.alloc(size, 1)]), 'big.png');
    return body;
  };

  it('answers 413 to a streamed upload just over 20 MB, and the connection keeps serving', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await fetch(`${base}/api/v2/groups/image`, {
        method: 'POST',
        headers,
        body: form(limits.uploadMaxBytes + 1024),
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe(
        'payload_too_large',
      );
    }
    const anonymous = await fetch(`${base}/api/v2/groups/image`, {
      method: 'POST',
      headers: { [csrfHeader]: headers[csrfHeader]!, cookie: headers.cookie!.split('; ')[0]! },
      body: form(limits.uploadMaxBytes + 1024),
    });
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${base}/api/v2/auth/is_authenticated`, { headers })).status).toBe(200);
  });
});
