import type { LightMyRequestResponse } from 'fastify';
import type { TestClient } from '../client';
import { uploadFiles } from '../multipart';

/** What the spec-call walk has made before a call runs: the ids its paths and bodies name. */
export interface Fixture {
  admin: number;
  member: number;
  /** Signed-in member who changes his own password, follows and addresses. */
  other: number;
  invitee: number;
  applicant: number;
  /** An open group of the admin's, with `member` in it, `invitee` invited, `applicant` applying. */
  group: number;
  /** A group the walk deletes. */
  doomed: number;
  /** The invitee's invitation and the applicant's application to `group` (membership ids). */
  invitation: number;
  application: number;
  /** A group open by approval, which `member` may ask to join. */
  closed: number;
  topic: number;
  post: number;
  comment: number;
  suggestion: number;
  /** A group image uploaded by the admin, and the member's avatar upload. */
  upload: number;
  avatar: number;
  /** A file the member uploaded for a post. */
  postFile: number;
  conversation: number;
  activity: number;
  page: number;
}

/** Who sends a call. */
export type Caller = 'admin' | 'member' | 'other' | 'invitee' | 'applicant' | 'visitor';

/**
 * One call of the spec's section 7, in the shape the spec writes it: `query` is the raw query string
 * (bracketed arrays as the spec writes them), `body` the JSON body.
 */
export interface SpecCall {
  /** The spec's words for the call. */
  spec: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (f: Fixture) => string;
  query?: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** A multipart upload: sent with this file. */
  upload?: 'png';
  as?: Caller;
  /** The error code of a 400 the call is expected to get for its values (never `validation_failed`). */
  refusedFor?: string;
}

/** A call of the spec that no issue has built yet: the issue that brings it. */
export interface PendingCall {
  spec: string;
  method: SpecCall['method'];
  /** The path as the contract will write it. */
  path: string;
  issue: number;
}

export function call(
  spec: string,
  method: SpecCall['method'],
  path: string | ((f: Fixture) => string),
  more: Omit<SpecCall, 'spec' | 'method' | 'path'> = {},
): SpecCall {
  return { spec, method, path: typeof path === 'string' ? () => path : path, ...more };
}

/** A call's address: under `/api/v2/`, or as written when it starts with `/` (billing's `/billing-api/v1/`). */
export const specUrl = (path: string) => (path.startsWith('/') ? path : `/api/v2/${path}`);

/** Sends one call through a client. */
export async function send(client: TestClient, c: SpecCall, f: Fixture, png: Buffer) {
  const query = c.query?.(f);
  const url = `${specUrl(c.path(f))}${query ? `?${query}` : ''}`;
  if (c.upload) return uploadFiles(client, url, { data: png, filename: 'image.png', type: 'image/png' });
  return client.call(c.method, url, c.body?.(f));
}

/** Why an answer says the server did not take the spec's shape, or null when it took it. */
export function refusalOfShape(response: LightMyRequestResponse, c: SpecCall): string | null {
  if (response.statusCode === 400) {
    const code = (response.json() as { errors?: { code?: string }[] }).errors?.[0]?.code;
    if (c.refusedFor === undefined || code !== c.refusedFor) return `400 ${response.body}`;
  }
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body}`;
  if (response.statusCode === 404 && response.body.includes('No route')) return `no route: ${response.body}`;
  return null;
}
