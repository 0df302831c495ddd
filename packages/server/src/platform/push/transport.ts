import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type GuardOptions, guardTarget } from '../link-preview';

/** How a push request is sent: the request web-push built, to the address the guard let through. */
export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

const timeoutMs = 10_000;

/**
 * Posts a push to its push service, but only to a public address (the endpoint comes from a browser
 * a member controls, so it could name an internal one): the name is resolved and checked once, and the
 * connection goes to exactly that address. Answers the HTTP status.
 */
export async function sendPushRequest(
  request: PushRequest,
  options: GuardOptions & { plainHttp: boolean },
): Promise<number> {
  const target = await guardTarget(request.endpoint, options);
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = options.plainHttp ? http : https;
  const url = new URL(target.url);
  if (options.plainHttp) url.protocol = 'http:';
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      { method: request.method, headers: request.headers, lookup, timeout: timeoutMs },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('push service timed out')));
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}
