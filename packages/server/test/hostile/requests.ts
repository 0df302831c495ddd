import type { Endpoint } from '@plaza/contract';
import { endpoints } from '@plaza/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import { parseQueryString } from '../../src/platform/query-string';
import { type Candidate, candidatesFor } from './mutations';
import { core, type GenContext, remove, type Spot, setAt, shapeOf, spotsOf, validArb } from './schema';

/*
 * Requests built from an endpoint's schemas, then broken at one place, and what the contract says the
 * server must answer: the same schemas, run over exactly what the server will receive, tell whether
 * the request is valid and, if not, which fields are wrong.
 */

export interface Entry {
  /** `resource.name` in the contract's `endpoints`. */
  key: string;
  endpoint: Endpoint;
}

/** Every endpoint of the contract: a new one is in this list the moment it is added to `endpoints`. */
export const registry: Entry[] = Object.entries(endpoints).flatMap(([resource, group]) =>
  Object.entries(group as Record<string, Endpoint>).map(([name, endpoint]) => ({
    key: `${resource}.${name}`,
    endpoint,
  })),
);

export type Query = Record<string, string | string[]>;

/** A request as data, with the broken place named. */
export interface ModelCase {
  params: Record<string, string>;
  query: Query;
  /** Undefined: no body is sent. */
  body: unknown;
  broken: string;
}

/** A string as the server gets it back from UTF-8 (a lone surrogate becomes U+FFFD on the way). */
export function wire(value: string): string {
  return Buffer.from(value, 'utf8').toString('utf8');
}

export function encode(value: string): string {
  return encodeURIComponent(wire(value));
}

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A generated query object as a query string carries it: repeated keys for arrays, `key[sub]` for objects. */
export function toQuery(value: unknown): Query {
  const query: Query = {};
  if (typeof value !== 'object' || value === null) return query;
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    if (Array.isArray(item)) query[key] = item.map(scalarText);
    else if (typeof item === 'object' && item !== null) {
      for (const [sub, inner] of Object.entries(item)) {
        query[`${key}[${sub}]`] = Array.isArray(inner) ? inner.map(scalarText) : scalarText(inner);
      }
    } else query[key] = scalarText(item);
  }
  return query;
}

export function toParams(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scalarText(item)]));
}

export function buildUrl(path: string, params: Record<string, string>, query: Query): string {
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encode(params[name] ?? '1'));
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => `${encode(key)}=${encode(item)}`),
  );
  return pairs.length ? `${filled}?${pairs.join('&')}` : filled;
}

function querySpots(endpoint: Endpoint, query: Query): Spot[] {
  const rootCore = endpoint.query ? core(endpoint.query) : undefined;
  const shape = rootCore ? shapeOf(rootCore.schema) : undefined;
  return [
    { path: [], core: rootCore, value: query, inObject: false },
    ...Object.entries(query).map(([key, value]) => ({
      path: [key],
      core: shape?.[key] ? core(shape[key] as z.ZodType) : undefined,
      value,
      inObject: true,
    })),
  ];
}

function paramSpots(endpoint: Endpoint, params: Record<string, string>): Spot[] {
  const shape = endpoint.params ? shapeOf(core(endpoint.params).schema) : undefined;
  return Object.entries(params).map(([key, value]) => ({
    path: [key],
    core: shape?.[key] ? core(shape[key] as z.ZodType) : undefined,
    value,
    inObject: true,
  }));
}

function pick<T>(list: T[], index: number): T | undefined {
  return list.length ? list[index % list.length] : undefined;
}

function describeSpot(part: string, spot: Spot, candidate: Candidate): string {
  const where = spot.path.length ? `${part}.${spot.path.join('.')}` : part;
  return `${where}: ${candidate.name}`;
}

/** Requests for an endpoint: valid ones from its schemas, most of them broken at one place. */
export function caseArb(endpoint: Endpoint, ctx: GenContext): fc.Arbitrary<ModelCase> {
  const params = endpoint.params ? validArb(endpoint.params, ctx).map(toParams) : fc.constant({});
  const query = endpoint.query ? validArb(endpoint.query, ctx).map(toQuery) : fc.constant({});
  const body = endpoint.body ? validArb(endpoint.body, ctx) : fc.constant(undefined);
  return fc
    .record({
      params,
      query,
      body,
      part: fc.nat(),
      spot: fc.nat(),
      candidate: fc.nat(),
      // One request in eight goes as generated (valid by its schemas, so it reaches the handler).
      asIs: fc.nat({ max: 7 }),
    })
    .map((r): ModelCase => {
      const base: ModelCase = {
        params: r.params as Record<string, string>,
        query: r.query as Query,
        body: r.body,
        broken: 'nothing (as generated)',
      };
      if (r.asIs === 0) return base;
      const parts = ['query', ...(endpoint.params ? ['params'] : []), ...(endpoint.body ? ['body'] : [])];
      const part = pick(parts, r.part)!;
      if (part === 'body') {
        const spot = pick(spotsOf(endpoint.body, r.body), r.spot)!;
        const candidate = pick(candidatesFor(spot, 'json'), r.candidate)!;
        const value = spot.path.length === 0 && candidate.value === remove ? null : candidate.value;
        return {
          ...base,
          body: setAt(r.body, spot.path, value),
          broken: describeSpot('body', spot, candidate),
        };
      }
      if (part === 'params') {
        const spot = pick(paramSpots(endpoint, base.params), r.spot)!;
        const candidate = pick(candidatesFor(spot, 'params'), r.candidate)!;
        return {
          ...base,
          params: { ...base.params, [spot.path[0] as string]: String(candidate.value) },
          broken: describeSpot('params', spot, candidate),
        };
      }
      const spot = pick(querySpots(endpoint, base.query), r.spot)!;
      const candidate = pick(candidatesFor(spot, 'query'), r.candidate)!;
      const changed =
        spot.path.length === 0
          ? (candidate.value as Query)
          : (setAt(base.query, spot.path, candidate.value) as Query);
      return { ...base, query: changed, broken: describeSpot('query', spot, candidate) };
    });
}

/** What the contract requires of the answer. */
export type Expectation =
  | { kind: 'valid' }
  | { kind: 'invalid'; where: 'params' | 'body' | 'query'; fields: string[] }
  | { kind: 'refused' }
  | { kind: 'no-5xx' };

/**
 * Runs the endpoint's schemas over what the server receives, in Fastify's order (params, body, query):
 * the first part that fails must be answered 400 `validation_failed` naming exactly its issues' fields.
 */
export function expectationOf(endpoint: Endpoint, sent: ModelCase): Expectation {
  const parts: ['params' | 'body' | 'query', z.ZodType | undefined, unknown][] = [
    [
      'params',
      endpoint.params,
      Object.fromEntries(Object.entries(sent.params).map(([k, v]) => [k, wire(v)])),
    ],
    ['body', endpoint.body, sent.body === undefined ? undefined : JSON.parse(JSON.stringify(sent.body))],
    // The query as the server's own parser reads the query string (bracketed keys nest).
    ['query', endpoint.query, parseQueryString(buildUrl('', {}, sent.query).slice(1))],
  ];
  for (const [where, schema, value] of parts) {
    if (!schema) continue;
    const result = schema.safeParse(value);
    if (!result.success) {
      return {
        kind: 'invalid',
        where,
        fields: result.error.issues.map((issue) => issue.path.join('.')).sort(),
      };
    }
  }
  return { kind: 'valid' };
}
