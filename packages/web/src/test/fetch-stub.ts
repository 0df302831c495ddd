import {
  buildPath,
  cookies,
  type Endpoint,
  type EndpointResponse,
  type ErrorResponse,
  errorResponseSchema,
} from '@plaza/contract';
import { vi } from 'vitest';
import { z } from 'zod';
import { writeCookie } from '../lib/cookies';

/** A recorded call of the stubbed fetch. */
export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

/** One stubbed answer, made by `answer` or `answerError` (checked against the contract when made). */
export interface StubAnswer {
  readonly method: string;
  /** The concrete path, its parameters filled in. */
  readonly path: string;
  /** Query values the call must carry for this answer (as the client writes them), if any. */
  readonly query: URLSearchParams;
  readonly status: number;
  /** The JSON text sent, as the server's serializer would make it. */
  readonly json: string;
}

/**
 * Which calls of the endpoint an answer is for: its path parameters (all of them, when the endpoint
 * has any) and, optionally, query values the call must carry (others may be there too).
 */
type Target<E extends Endpoint> = ([PathParams<E['params']>] extends [never]
  ? { params?: never }
  : { params: PathParams<E['params']> }) & { query?: QueryValues<E['query']> };
/**
 * Every path parameter, required (the contract's input types make coerced ids optional `unknown`);
 * a coerced one as a number or its text.
 */
type PathParams<P> = P extends z.ZodType
  ? [z.input<P>] extends [never]
    ? never
    : { [K in keyof z.input<P>]-?: ParamValue<z.input<P>[K]> }
  : never;
type ParamValue<T> = unknown extends T ? number | string : T;
type QueryValues<Q> = Q extends z.ZodType ? Partial<z.input<Q>> : never;
type TargetArg<E extends Endpoint> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` tests whether the endpoint has no path parameters.
  {} extends Target<E> ? [Target<E>?] : [Target<E>];

/** Writes a query value as the client does (`lib/api-client`): arrays repeat the key, objects bracket it. */
function appendQuery(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const item of value) appendQuery(search, key, item);
  else if (typeof value === 'object') {
    for (const [inner, item] of Object.entries(value)) appendQuery(search, `${key}[${inner}]`, item);
  } else search.append(key, String(value));
}

function queryOf(target: unknown): URLSearchParams {
  const search = new URLSearchParams();
  const query = (target as { query?: object } | undefined)?.query ?? {};
  for (const [key, value] of Object.entries(query)) appendQuery(search, key, value);
  return search;
}

/** Whether the call's query carries every value the answer asks for. */
function queryMatches(wanted: URLSearchParams, actual: URLSearchParams): boolean {
  return [...new Set(wanted.keys())].every(
    (key) => JSON.stringify(actual.getAll(key)) === JSON.stringify(wanted.getAll(key)),
  );
}

function pathOf(endpoint: Endpoint, target: unknown): string {
  const params = (target as { params?: object } | undefined)?.params;
  if (endpoint.params) {
    const checked = endpoint.params.safeParse(params ?? {});
    if (!checked.success) {
      throw new Error(
        `Stubbed ${endpoint.method} ${endpoint.path}: path parameters the contract rejects:\n${z.prettifyError(checked.error)}`,
      );
    }
  }
  return buildPath(endpoint.path, params as Record<string, string | number> | undefined);
}

/** Paths (dotted) of fields in `fixture` that the serialized `sent` no longer has: the contract drops them. */
function droppedFields(fixture: unknown, sent: unknown, at = ''): string[] {
  if (Array.isArray(fixture) && Array.isArray(sent)) {
    return fixture.flatMap((item, index) => droppedFields(item, sent[index], `${at}[${index}]`));
  }
  if (!isPlainObject(fixture) || !isPlainObject(sent)) return [];
  return Object.entries(fixture).flatMap(([key, value]) => {
    const path = at ? `${at}.${key}` : key;
    if (value === undefined) return [];
    return key in sent ? droppedFields(value, sent[key], path) : [path];
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Serializes `body` with `schema` as the server does (zod encode, the serializer of
 * fastify-type-provider-zod) and fails with the contract's complaint when the fixture does not fit,
 * or when it holds fields the contract leaves out.
 */
function serialize(label: string, schema: z.ZodType, body: unknown): string {
  const result = z.safeEncode(schema, body);
  if (!result.success) {
    throw new Error(`Stubbed ${label}: the contract rejects this answer:\n${z.prettifyError(result.error)}`);
  }
  const dropped = droppedFields(body, result.data);
  if (dropped.length) {
    throw new Error(`Stubbed ${label}: the contract never sends these fields: ${dropped.join(', ')}`);
  }
  return JSON.stringify(result.data);
}

/**
 * The successful answer of `endpoint` (with its path parameters, if it has any): `body` has the
 * endpoint's response type and is checked against its response schema now, so a fixture the server
 * could never send fails the test here. The status is the endpoint's success status.
 */
export function answer<E extends Endpoint>(
  endpoint: E,
  body: NoInfer<EndpointResponse<E>>,
  ...[target]: TargetArg<E>
): StubAnswer {
  const path = pathOf(endpoint, target);
  const status = endpoint.status ?? 200;
  const json = serialize(`${endpoint.method} ${path}`, endpoint.response, body);
  return { method: endpoint.method, path, query: queryOf(target), status, json };
}

/**
 * A failed answer of `endpoint`: a 4xx/5xx `status` with a body in the contract's error format
 * (`{ errors: [{ code, message, field? }] }`, checked now).
 */
export function answerError<E extends Endpoint>(
  endpoint: E,
  status: number,
  body: ErrorResponse,
  ...[target]: TargetArg<E>
): StubAnswer {
  const path = pathOf(endpoint, target);
  const label = `${endpoint.method} ${path} (${status})`;
  if (!Number.isInteger(status) || status < 400 || status > 599) {
    throw new Error(`Stubbed ${label}: an error answer needs a 4xx or 5xx status`);
  }
  const json = serialize(label, errorResponseSchema, body);
  return { method: endpoint.method, path, query: queryOf(target), status, json };
}

/** The HTTP response of an answer, for a test that answers a call itself (e.g. later). */
export function respond(stubbed: StubAnswer): Response {
  return new Response(stubbed.json, {
    status: stubbed.status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces fetch: a call gets the last of `answers` with its method and path (and the query values the
 * answer names); the array is read at each call, so answers pushed later override earlier ones. Other
 * calls get a 404 `not_found`. Each call is recorded. Sets the CSRF cookie so state-changing calls
 * need no extra request.
 */
export function stubFetch(answers: readonly StubAnswer[]) {
  writeCookie(cookies.csrf, 'test-token', 1);
  const calls: RecordedCall[] = [];
  const notFound = JSON.stringify({ errors: [{ code: 'not_found', message: 'Not found' }] });
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null);
    calls.push({ method, url, body });
    const [path, search] = url.split('?');
    const query = new URLSearchParams(search);
    const found = answers.findLast(
      (candidate) =>
        candidate.method === method && candidate.path === path && queryMatches(candidate.query, query),
    );
    return found
      ? respond(found)
      : new Response(notFound, { status: 404, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
