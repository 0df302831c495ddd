import http from 'node:http';
import { csrfHeader } from '@plaza/contract';
import autocannon from 'autocannon';
import type { MemberSession } from './sessions';

/** One kind of request of a load; `path` and `body` may change per request (a new post, another id), and
 * get the session the request is sent with (a member's own conversation). */
export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string | ((session?: MemberSession) => string);
  /** Sent as JSON. */
  body?: (session?: MemberSession) => unknown;
  /** A file sent as `multipart/form-data` (an upload; `measureAtRate` only). */
  file?: (session?: MemberSession) => UploadFile;
}

/** A file of a multipart upload: its field, name, type and bytes. */
export interface UploadFile {
  field: string;
  name: string;
  type: string;
  content: Buffer;
}

/** A multipart body of one file, and its content type. */
function multipartBody(file: UploadFile): { body: Buffer; contentType: string } {
  const boundary = `----plaza-bench-${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), file.content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export interface Load {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Each connection sends these in turn. */
  requests: LoadRequest[];
  /** Sessions sent in turn, one per request (so per-member limits are not what is measured). */
  sessions?: MemberSession[] | undefined;
  /** At most this many requests a second from all connections together (unset: as fast as answered). */
  rate?: number | undefined;
}

/** What a load measured. Latencies are milliseconds, from each response's own time. */
export interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers outside 200-299, by status. */
  non2xx: number;
  statuses: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Figures of a list of latencies (ms) with the counts of a run. */
export function figuresOf(
  latencies: number[],
  seconds: number,
  counts: Pick<Figures, 'non2xx' | 'statuses' | 'errors'>,
): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    requests: sorted.length,
    rps: Math.round(sorted.length / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    ...counts,
  };
}

/** Runs a closed load with autocannon (each connection sends its next request when answered) and measures every response. */
export function measure(load: Load): Promise<Figures> {
  const sessions = load.sessions ?? [];
  let turn = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let non2xx = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: load.url,
        connections: load.connections,
        duration: load.duration,
        ...(load.rate ? { overallRate: load.rate } : {}),
        timeout: 10,
        // autocannon notices the end of the duration at its next sample; sampling often ends the run on time.
        sampleInt: 100,
        requests: load.requests.map((request) => ({
          method: request.method ?? 'GET',
          path: typeof request.path === 'string' ? request.path : '/',
          setupRequest: (raw) => {
            const session = sessions[turn++ % Math.max(1, sessions.length)];
            const headers = { ...raw.headers };
            if (session) {
              headers.cookie = session.cookie;
              headers[csrfHeader] = session.csrf;
            }
            const next = { ...raw, headers };
            if (typeof request.path === 'function') next.path = request.path(session);
            if (request.body) {
              next.body = JSON.stringify(request.body(session));
              headers['content-type'] = 'application/json';
            }
            return next;
          },
        })),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve(
          figuresOf(latencies, load.duration, {
            non2xx,
            statuses,
            errors: result.errors + result.timeouts,
          }),
        );
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      if (statusCode < 200 || statusCode > 299) non2xx += 1;
    });
  });
}

/** Sockets the fixed-rate load may open at most; past them requests wait (and that wait is measured). */
const maxSockets = 256;

/**
 * An open load at a fixed rate: requests start on a schedule (every few milliseconds, as many as are
 * due), whether or not earlier ones were answered, and each latency runs from its scheduled start, so a
 * server that falls behind shows it (autocannon's rates send each second's quota in a burst instead).
 */
export function measureAtRate(load: Omit<Load, 'connections'> & { rate: number }): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const sessions = load.sessions ?? [];
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let pending = 0;
  const total = Math.round(load.rate * load.duration);
  const started = performance.now();
  return new Promise((resolve) => {
    const finish = () => {
      if (sent < total || pending > 0) return;
      agent.destroy();
      resolve(figuresOf(latencies, load.duration, { non2xx, statuses, errors }));
    };
    const send = (scheduled: number) => {
      const request = load.requests[sent % load.requests.length]!;
      const session = sessions[sent % Math.max(1, sessions.length)];
      sent += 1;
      pending += 1;
      const headers: Record<string, string> = {};
      if (session) {
        headers.cookie = session.cookie;
        headers[csrfHeader] = session.csrf;
      }
      let body: string | Buffer | undefined;
      if (request.file) {
        const upload = multipartBody(request.file(session));
        body = upload.body;
        headers['content-type'] = upload.contentType;
      } else if (request.body) {
        body = JSON.stringify(request.body(session));
        headers['content-type'] = 'application/json';
      }
      const path = typeof request.path === 'string' ? request.path : request.path(session);
      const done = () => {
        pending -= 1;
        finish();
      };
      const call = http.request(
        `${load.url}${path}`,
        { method: request.method ?? 'GET', headers, agent },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - scheduled);
            const status = response.statusCode ?? 0;
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status < 200 || status > 299) non2xx += 1;
            done();
          });
        },
      );
      call.setTimeout(10_000, () => call.destroy(new Error('timeout')));
      call.on('error', () => {
        errors += 1;
        done();
      });
      call.end(body);
    };
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      // Request n is due at n / rate seconds (the first at once): sending it only when the next one is due
      // added a whole interval to every latency (8 s at one request in 8 s, 1 ms at 1,000 a second).
      const due = Math.min(total, Math.floor((elapsed * load.rate) / 1000) + 1);
      while (sent < due) send(started + (sent * 1000) / load.rate);
      if (sent >= total) {
        clearInterval(timer);
        finish();
      }
    }, 2);
  });
}
