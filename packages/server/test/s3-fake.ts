import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server for tests, spoken to by the real AWS SDK: path-style requests to one
 * bucket, PutObject, GetObject, HeadObject, DeleteObjects and ListObjectsV2, each checked for a valid
 * AWS Signature V4 (header or presigned query) with the fake's key. Objects live in memory.
 */
export interface S3Fake {
  /** `STORAGE_URL` for the fake's bucket. */
  storageUrl: string;
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** The stored objects by key. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request as `METHOD /path?query` (presigned ones too), in order. */
  requests: string[];
  /** ListObjectsV2 answers at most this many keys a page (tests of paging set it low). */
  pageSize: number;
  close(): Promise<void>;
}

const accessKey = 'PLAZATESTKEY';
const secretKey = 'plaza-test-secret/with+chars';
const region = 'eu-test-1';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it for query names and values. */
const encodeStrict = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');

/** The expected signature of a request: SigV4 over the canonical request, with the fake's secret. */
function expectedSignature(
  request: IncomingMessage,
  rawPath: string,
  query: [string, string][],
  signedHeaders: string[],
  payloadHash: string,
  amzDate: string,
  scope: string,
): string {
  const canonicalQuery = query
    .map(([name, value]) => [encodeStrict(name), encodeStrict(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonical = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const [date = '', scopeRegion = '', service = ''] = scope.split('/');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretKey}`, date), scopeRegion), service), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

/** Null when the request carries a valid signature by the fake's key, else why not. */
function signatureProblem(request: IncomingMessage, rawPath: string, rawQuery: string, body: Buffer) {
  const pairs = rawQuery
    ? rawQuery.split('&').map((part) => {
        const [name = '', value = ''] = part.split('=');
        return [decodeURIComponent(name), decodeURIComponent(value.replace(/\+/g, '%20'))] as [
          string,
          string,
        ];
      })
    : [];
  const params = new Map(pairs);
  const presigned = params.get('X-Amz-Signature');
  if (presigned) {
    const credential = params.get('X-Amz-Credential') ?? '';
    const [key, ...scopeParts] = credential.split('/');
    if (key !== accessKey) return 'unknown access key';
    const amzDate = params.get('X-Amz-Date') ?? '';
    const expires = Number(params.get('X-Amz-Expires'));
    const signedAt = Date.parse(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    if (!(Date.now() <= signedAt + expires * 1000)) return 'expired';
    const signed = (params.get('X-Amz-SignedHeaders') ?? '').split(';');
    const query = pairs.filter(([name]) => name !== 'X-Amz-Signature');
    const expected = expectedSignature(
      request,
      rawPath,
      query,
      signed,
      'UNSIGNED-PAYLOAD',
      amzDate,
      scopeParts.join('/'),
    );
    return expected === presigned ? null : 'signature does not match';
  }
  const authorization = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
      authorization,
    );
  if (!match) return 'no signature';
  const [, key, scope = '', signedHeaders = '', signature] = match;
  if (key !== accessKey) return 'unknown access key';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
    return 'body does not match its hash';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const expected = expectedSignature(
    request,
    rawPath,
    pairs,
    signedHeaders.split(';'),
    payloadHash,
    amzDate,
    scope,
  );
  return expected === signature ? null : 'signature does not match';
}

function sendError(response: ServerResponse, status: number, code: string, message: string, head = false) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    head
      ? undefined
      : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`,
  );
}

function sendXml(response: ServerResponse, xml: string) {
  response.writeHead(200, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>${xml}`);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the fake on a free port of 127.0.0.1 with an empty bucket. */
export async function startS3Fake(bucket = 'plaza-test'): Promise<S3Fake> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: string[] = [];
  const fake = { pageSize: 1000 } as S3Fake;

  const server = createServer((request, response) => {
    void (async () => {
      const url = request.url ?? '/';
      requests.push(`${request.method} ${url}`);
      const [rawPath = '/', rawQuery = ''] = url.split('?', 2) as [string, string?];
      const body = await readBody(request);
      const problem = signatureProblem(request, rawPath, rawQuery, body);
      if (problem)
        return sendError(response, 403, 'SignatureDoesNotMatch', problem, request.method === 'HEAD');
      const query = new URLSearchParams(rawQuery);
      const [, bucketName = '', ...keyParts] = rawPath.split('/');
      if (bucketName !== bucket) return sendError(response, 404, 'NoSuchBucket', 'no such bucket');
      const key = keyParts.map((part) => decodeURIComponent(part)).join('/');

      if (!key && request.method === 'GET' && query.get('list-type') === '2') {
        const prefix = query.get('prefix') ?? '';
        const after = query.get('continuation-token') ?? '';
        const max = Math.min(Number(query.get('max-keys') ?? 1000), fake.pageSize);
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = keys.slice(0, max);
        const truncated = keys.length > page.length;
        const contents = page
          .map(
            (k) =>
              `<Contents><Key>${escapeXml(k)}</Key><Size>${objects.get(k)!.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
          )
          .join('');
        return sendXml(
          response,
          `<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : ''}</ListBucketResult>`,
        );
      }
      if (!key && request.method === 'POST' && query.has('delete')) {
        const xml = body.toString('utf8');
        for (const match of xml.matchAll(/<Key>([\s\S]*?)<\/Key>/g)) objects.delete(unescapeXml(match[1]!));
        return sendXml(response, '<DeleteResult></DeleteResult>');
      }
      if (key && request.method === 'PUT') {
        if (request.headers['content-encoding']?.includes('aws-chunked')) {
          return sendError(response, 501, 'NotImplemented', 'aws-chunked uploads are not supported');
        }
        objects.set(key, {
          body,
          contentType: String(request.headers['content-type'] ?? 'application/octet-stream'),
        });
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return response.end();
      }
      if (key && (request.method === 'GET' || request.method === 'HEAD')) {
        const object = objects.get(key);
        if (!object) return sendError(response, 404, 'NoSuchKey', 'no such key', request.method === 'HEAD');
        response.writeHead(200, {
          'content-type': query.get('response-content-type') ?? object.contentType,
          'content-length': object.body.length,
          ...(query.get('response-content-disposition')
            ? { 'content-disposition': query.get('response-content-disposition')! }
            : {}),
          etag: `"${createHash('md5').update(object.body).digest('hex')}"`,
        });
        return response.end(request.method === 'HEAD' ? undefined : object.body);
      }
      return sendError(response, 501, 'NotImplemented', `${request.method} ${rawPath}`);
    })().catch((error: unknown) => {
      if (!response.headersSent) sendError(response, 500, 'InternalError', String(error));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    storageUrl: `s3://${accessKey}:${encodeURIComponent(secretKey)}@127.0.0.1:${port}/${bucket}?region=${region}&forcePathStyle=true&tls=false`,
    endpoint,
    bucket,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
