import type { Endpoint } from '@plaza/contract';
import { multipartBody } from '../multipart';
import type { Expectation } from './requests';

/*
 * Requests broken below the schemas: bodies that are not JSON or not the declared type, multipart
 * uploads that are malformed or carry hostile files and names, query strings and paths that do not
 * decode, hostile headers. Built for any endpoint from its method and whether it declares a body.
 */

export interface RawCase {
  name: string;
  /** Replaces the path's first parameter, or is appended to the path (already encoded). */
  path?: (path: string) => string;
  /** Appended as the query string (already encoded). */
  query?: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** Leave out the CSRF header. */
  withoutCsrf?: boolean;
  expect: Expectation['kind'];
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const json = { 'content-type': 'application/json' };
const boundary = '----PlazaHostileBoundary';

function part(headers: string, data: Buffer | string): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
}
const fileHeaders = (filename: string, type = 'image/png', field = 'file') =>
  `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}`;
const closing = Buffer.from(`--${boundary}--\r\n`);
const multipartType = { 'content-type': `multipart/form-data; boundary=${boundary}` };

function multipart(...parts: Buffer[]): Buffer {
  return Buffer.concat([...parts, closing]);
}

const hugeJson = `{"a":"${'x'.repeat(1_250_000)}"}`;
const deepArrays = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

let multipartMemo: Promise<RawCase[]> | undefined;

/** Malformed and hostile multipart uploads, for the endpoints that take a body without a JSON schema. */
function multipartCases(png: Buffer): Promise<RawCase[]> {
  multipartMemo ??= buildMultipartCases(png);
  return multipartMemo;
}

async function buildMultipartCases(png: Buffer): Promise<RawCase[]> {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  const named = (name: string, filename: string): RawCase => ({
    name,
    headers: multipartType,
    payload: multipart(part(fileHeaders(filename), png)),
    expect: 'no-5xx',
  });
  const refused = (name: string, payload: Buffer, headers = multipartType): RawCase => ({
    name,
    headers,
    payload,
    expect: 'refused',
  });
  const wellFormed = await multipartBody([{ data: Buffer.from('x'.repeat(64)), filename: 'a.bin' }]);
  return [
    refused('multipart without a boundary', Buffer.from('x'), { 'content-type': 'multipart/form-data' }),
    refused('multipart with another boundary', multipart(part(fileHeaders('a.png'), png)), {
      'content-type': 'multipart/form-data; boundary=other',
    }),
    refused('multipart cut off before its end', part(fileHeaders('a.png'), png).subarray(0, 120)),
    refused('multipart without a closing boundary', part(fileHeaders('a.png'), png)),
    refused(
      'multipart with a text field only',
      multipart(part('Content-Disposition: form-data; name="note"', 'hello')),
    ),
    refused(
      'multipart file in another field',
      multipart(part(fileHeaders('a.png', 'image/png', 'upload'), png)),
    ),
    {
      // The first file is read and the rest of the body ignored: a 201 is as right as a refusal.
      name: 'multipart with two files',
      headers: multipartType,
      payload: multipart(part(fileHeaders('a.png'), png), part(fileHeaders('b.png'), png)),
      expect: 'no-5xx',
    },
    refused(
      'multipart with ten fields',
      multipart(
        ...Array.from({ length: 10 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, 'x')),
        part(fileHeaders('a.png'), png),
      ),
    ),
    refused('multipart empty file', multipart(part(fileHeaders('a.png'), Buffer.alloc(0)))),
    refused(
      'multipart random bytes as a PNG',
      multipart(part(fileHeaders('a.png'), Buffer.from([0, 255, 1, 254, 2, 253, 3, 252]))),
    ),
    {
      // A group file is checked by its signature, not decoded: a PNG cut short may be stored as a file.
      name: 'multipart truncated PNG',
      headers: multipartType,
      payload: multipart(part(fileHeaders('a.png'), png.subarray(0, 40))),
      expect: 'no-5xx',
    },
    refused(
      'multipart GIF header and garbage',
      multipart(
        part(fileHeaders('a.gif', 'image/gif'), Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 7)])),
      ),
    ),
    refused('multipart SVG with a script', multipart(part(fileHeaders('a.svg', 'image/svg+xml'), svg))),
    refused('multipart text with NUL', multipart(part(fileHeaders('a.txt', 'text/plain'), 'ab\u0000cd'))),
    refused(
      'multipart HTML as text',
      multipart(part(fileHeaders('a.txt', 'text/plain'), '<html><script>x</script>')),
    ),
    refused(
      'multipart file over 20 MB',
      multipart(part(fileHeaders('big.png'), Buffer.concat([png, Buffer.alloc(21 * 1024 * 1024)]))),
    ),
    {
      name: 'well-formed multipart of random bytes',
      headers: { 'content-type': wellFormed.contentType },
      payload: wellFormed.payload,
      expect: 'refused',
    },
    named('PNG named with NUL and control characters', 'a\u0000b\u0001\u001b[31m.png'),
    named('PNG with a 1000-unit emoji name', `${'😀'.repeat(500)}.png`),
    named('PNG named like a path', '../../../../etc/passwd.png'),
    named('PNG named with a bidi override', 'gnp\u202e.exe.png'),
    named('PNG named with quotes and CRLF', 'a"\r\nX-Injected: 1.png'),
    {
      name: 'PNG with an RFC 5987 name that is not UTF-8',
      headers: multipartType,
      payload: multipart(
        part(
          `Content-Disposition: form-data; name="file"; filename*=UTF-8''%ED%A0%80%00.png\r\nContent-Type: image/png`,
          png,
        ),
      ),
      expect: 'no-5xx',
    },
  ];
}

/** Every transport-level case for one endpoint. */
export async function rawCases(endpoint: Endpoint, png: Buffer): Promise<RawCase[]> {
  const takesBody = bodyMethods.has(endpoint.method);
  const hasSchema = Boolean(endpoint.body);
  const refusedIfSchema = hasSchema ? 'refused' : 'no-5xx';
  const cases: RawCase[] = [
    { name: 'query that does not decode', query: 'page=%E0%A4%A&x=%&%zz=1', expect: 'no-5xx' },
    {
      name: 'query with prototype keys',
      query: '__proto__[is_superadmin]=true&constructor[prototype][x]=1',
      expect: 'no-5xx',
    },
    { name: 'query of 60 000 characters', query: `q=${'x'.repeat(60_000)}`, expect: 'no-5xx' },
    {
      name: '300 repeated query parameters',
      query: Array(300).fill('page=1&per_page=1').join('&'),
      expect: 'no-5xx',
    },
    {
      name: 'unknown locale header',
      headers: { 'x-locale': 'xx_XX', 'accept-language': '*;q=oops' },
      expect: 'no-5xx',
    },
    {
      name: 'request id of 10 000 characters',
      headers: { 'x-request-id': 'r'.repeat(10_000) },
      expect: 'no-5xx',
    },
    {
      name: 'forged session cookie',
      headers: { cookie: 'plaza_session=forged; plaza_session=again' },
      expect: 'no-5xx',
    },
  ];
  if (endpoint.path.includes(':')) {
    const first = (replacement: string) => (path: string) => path.replace(/:[A-Za-z_]+/, replacement);
    cases.push(
      { name: 'path parameter that does not decode', path: first('%'), expect: 'refused' },
      { name: 'path parameter with an encoded NUL', path: first('%00'), expect: 'refused' },
      { name: 'path parameter with dot segments', path: first('..%2F..%2Fsettings'), expect: 'no-5xx' },
      { name: 'path parameter of invalid UTF-8', path: first('%C0%AF'), expect: 'refused' },
    );
  }
  if (!takesBody) return cases;
  cases.push(
    { name: 'no CSRF header', withoutCsrf: true, headers: json, payload: '{}', expect: 'refused' },
    { name: 'malformed JSON', headers: json, payload: '{"a":', expect: 'refused' },
    { name: 'JSON with trailing garbage', headers: json, payload: '{} x', expect: 'refused' },
    {
      name: 'JSON with __proto__',
      headers: json,
      payload: '{"__proto__":{"is_superadmin":true,"permissions":["superadmin"]}}',
      expect: 'refused',
    },
    {
      name: 'JSON with constructor.prototype',
      headers: json,
      payload: '{"constructor":{"prototype":{"is_superadmin":true}}}',
      expect: 'refused',
    },
    { name: 'empty JSON body', headers: json, payload: '', expect: 'refused' },
    { name: 'JSON null', headers: json, payload: 'null', expect: refusedIfSchema },
    { name: 'JSON string', headers: json, payload: '"text"', expect: refusedIfSchema },
    {
      name: 'JSON as text/plain',
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
      expect: refusedIfSchema,
    },
    {
      name: 'form-urlencoded body',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
      expect: 'refused',
    },
    {
      name: 'XML body',
      headers: { 'content-type': 'application/xml' },
      payload: '<a>1</a>',
      expect: 'refused',
    },
    {
      name: 'JSON declared as UTF-16',
      headers: { 'content-type': 'application/json; charset=utf-16' },
      payload: '{}',
      expect: 'no-5xx',
    },
    {
      name: 'content type near JSON',
      headers: { 'content-type': 'application/jsonx' },
      payload: '{}',
      expect: 'refused',
    },
    {
      name: 'JSON with invalid UTF-8 bytes',
      headers: json,
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
      expect: 'no-5xx',
    },
    { name: 'JSON with a byte order mark', headers: json, payload: '\ufeff{}', expect: 'no-5xx' },
  );
  if (hasSchema) {
    cases.push(
      { name: 'JSON of 1.2 MiB', headers: json, payload: hugeJson, expect: 'refused' },
      { name: 'JSON nested 100 000 deep', headers: json, payload: deepArrays, expect: 'refused' },
    );
  }
  if (!hasSchema && endpoint.method !== 'DELETE') cases.push(...(await multipartCases(png)));
  else {
    const upload = await multipartBody([{ data: Buffer.from('x'), filename: 'a.txt', type: 'text/plain' }]);
    cases.push({
      name: 'multipart where no upload is taken',
      headers: { 'content-type': upload.contentType },
      payload: upload.payload,
      expect: 'refused',
    });
  }
  return cases;
}
