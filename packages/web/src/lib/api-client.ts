import {
  cookies,
  csrfHeader,
  defaultLocale,
  isLocale,
  type Locale,
  localeHeader,
} from '@plaza/contract/constants';
import { buildPath, type Endpoint, type EndpointResponse } from '@plaza/contract/endpoint';
import type { ApiError } from '@plaza/contract/errors';
import type { z } from 'zod';
import { readCookie } from './cookies';
import type { EndpointRoute } from './endpoint-routes';
import { takeFirstAnswer } from './first-answers';

/** A failed call: the HTTP status and the server's error list. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiError[],
  ) {
    super(errors[0]?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiRequestError';
  }
  /** The first error's code, for `errors.codes.<code>` texts. */
  get code() {
    return this.errors[0]?.code ?? 'internal';
  }
}

type Part<T> = T extends z.ZodType ? z.input<T> : never;
type Opt<K extends string, T> = [T] extends [never]
  ? { [P in K]?: never }
  : // biome-ignore lint/complexity/noBannedTypes: `{}` tests whether every key of T is optional.
    {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** The parts of a call, typed from the endpoint's schemas. */
export type CallInput<E extends Endpoint> = Opt<'params', Part<E['params']>> &
  Opt<'query', Part<E['query']>> &
  Opt<'body', Part<E['body']>>;

/** The language of the page's URL (`/{lang}/...`), so the very first calls already carry it. */
function localeOfPage(): Locale {
  const first = typeof window === 'undefined' ? '' : window.location.pathname.split('/')[1];
  return isLocale(first) ? first : defaultLocale;
}

let currentLocale: Locale = localeOfPage();

/** The locale sent with every call. */
export function getApiLocale(): Locale {
  return currentLocale;
}

/** Sets the locale sent with every call. */
export function setApiLocale(locale: Locale): void {
  currentLocale = locale;
}

const safeMethods = new Set(['GET', 'HEAD']);

async function ensureCsrfCookie(): Promise<string | undefined> {
  const existing = readCookie(cookies.csrf);
  if (existing) return existing;
  await fetch('/api/v2/auth/is_authenticated', { credentials: 'same-origin' });
  return readCookie(cookies.csrf);
}

/**
 * Calls an endpoint of the contract (or its route from `lib/endpoint-routes`): CSRF header, locale header,
 * typed input and output.
 */
export function call<E extends Endpoint>(
  endpoint: E | EndpointRoute<E>,
  // biome-ignore lint/complexity/noBannedTypes: `{}` tests whether every key of the input is optional.
  ...[input]: {} extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]
): Promise<EndpointResponse<E>> {
  return send(endpoint, (input ?? {}) as { params?: object; query?: object; body?: unknown });
}

/** Uploads one file as multipart field `file` to an upload endpoint (its body is not JSON). */
export function upload<E extends Endpoint>(
  endpoint: E | EndpointRoute<E>,
  file: Blob,
  input: Pick<CallInput<E>, 'params'> = {} as Pick<CallInput<E>, 'params'>,
): Promise<EndpointResponse<E>> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'upload');
  return send(endpoint, { params: (input as { params?: object }).params, form });
}

async function send<E extends Endpoint>(
  endpoint: E | EndpointRoute<E>,
  { params, query, body, form }: { params?: object; query?: object; body?: unknown; form?: FormData },
): Promise<EndpointResponse<E>> {
  let url = buildPath(endpoint.path, params as Record<string, string | number>);
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) appendQueryValue(search, key, value);
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  if (endpoint.method === 'GET') {
    const answer = takeFirstAnswer(url);
    if (answer !== undefined) return answer as EndpointResponse<E>;
  }
  const headers: Record<string, string> = { [localeHeader]: currentLocale, accept: 'application/json' };
  if (!safeMethods.has(endpoint.method)) {
    const token = await ensureCsrfCookie();
    if (token) headers[csrfHeader] = token;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      credentials: 'same-origin',
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  } catch {
    throw new ApiRequestError(0, [{ code: 'internal', message: 'The server could not be reached.' }]);
  }
  const data = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
  if (!response.ok) {
    const errors: ApiError[] =
      data && Array.isArray(data.errors) && data.errors.length
        ? data.errors
        : [{ code: 'internal', message: `Request failed with status ${response.status}` }];
    throw new ApiRequestError(response.status, errors);
  }
  return data as EndpointResponse<E>;
}

/**
 * Adds a query value: arrays repeat the key, plain objects become bracketed keys
 * (`filters: { skills: ['SQL'] }` -> `filters[skills]=SQL`, as the contract's list filters expect).
 */
function appendQueryValue(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendQueryValue(search, key, item);
  } else if (typeof value === 'object') {
    for (const [inner, item] of Object.entries(value)) appendQueryValue(search, `${key}[${inner}]`, item);
  } else {
    search.append(key, String(value));
  }
}
