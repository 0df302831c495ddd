import { cookies } from '@plaza/contract';
import { vi } from 'vitest';
import { writeCookie } from '../lib/cookies';

/** A recorded call of the stubbed fetch. */
export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Replaces fetch with answers by `METHOD path` (the first match wins; unknown calls answer 404) and
 * records each call. Sets the CSRF cookie so state-changing calls need no extra request.
 */
export function stubFetch(answers: Record<string, { status?: number; body: unknown }>) {
  writeCookie(cookies.csrf, 'test-token', 1);
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null);
    calls.push({ method, url, body });
    const path = url.split('?')[0];
    const answer = answers[`${method} ${path}`];
    const status = answer?.status ?? (answer ? 200 : 404);
    const payload = answer?.body ?? { errors: [{ code: 'not_found', message: 'Not found' }] };
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
