import { cookies, csrfHeader } from '@plaza/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  /** Leave out the CSRF header (to test the refusal). */
  withoutCsrf?: boolean;
  remoteAddress?: string;
}

/** A browser-like client over app.inject: keeps cookies and sends the CSRF header on every call. */
export class TestClient {
  readonly jar = new Map<string, string>();

  constructor(
    readonly app: FastifyInstance,
    readonly remoteAddress = '127.0.0.1',
  ) {}

  async call(
    method: Method,
    url: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && !this.jar.has(cookies.csrf) && !options.withoutCsrf) {
      await this.call('GET', '/api/v2/auth/is_authenticated');
    }
    const headers: Record<string, string> = { ...options.headers };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.jar.get(cookies.csrf);
    if (csrf && !options.withoutCsrf) headers[csrfHeader] = csrf;
    const response = await this.app.inject({
      method,
      url,
      query: options.query
        ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
        : undefined,
      headers,
      remoteAddress: options.remoteAddress ?? this.remoteAddress,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, options?: CallOptions) {
    return this.call('GET', url, undefined, options);
  }
  post(url: string, body?: unknown, options?: CallOptions) {
    return this.call('POST', url, body ?? {}, options);
  }
  put(url: string, body?: unknown, options?: CallOptions) {
    return this.call('PUT', url, body ?? {}, options);
  }
  patch(url: string, body?: unknown, options?: CallOptions) {
    return this.call('PATCH', url, body ?? {}, options);
  }
  delete(url: string, options?: CallOptions) {
    return this.call('DELETE', url, undefined, options);
  }

  /** Signs in by username (or by email when `field` is 'email'); throws unless the server says ok. */
  async login(identifier: string, password: string, field: 'username' | 'email' = 'username') {
    const response = await this.post('/api/v2/auth/login', { [field]: identifier, password });
    if (response.statusCode !== 200) {
      throw new Error(`login failed with ${response.statusCode}: ${response.body}`);
    }
    return response.json();
  }
}
