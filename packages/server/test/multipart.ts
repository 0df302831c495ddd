import type { LightMyRequestResponse } from 'fastify';
import type { TestClient } from './client';

/** One file part of a multipart upload. */
export interface UploadPart {
  data: Buffer | Uint8Array;
  filename: string;
  /** The type the browser claims; the server must not trust it. */
  type?: string;
  /** The form field; the upload routes read `file`. */
  field?: string;
}

/** A multipart/form-data body built the way a browser does it (FormData serialized by `Response`). */
export async function multipartBody(
  parts: UploadPart[],
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const part of parts) {
    const blob = new Blob([part.data], { type: part.type ?? 'application/octet-stream' });
    form.append(part.field ?? 'file', blob, part.filename);
  }
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  return { payload, contentType: response.headers.get('content-type') ?? '' };
}

/** Uploads files through the client (cookies and CSRF header included) as a browser would. */
export async function uploadFiles(
  client: TestClient,
  url: string,
  parts: UploadPart | UploadPart[],
  fields?: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipartBody(Array.isArray(parts) ? parts : [parts], fields);
  return client.post(url, payload, { headers: { 'content-type': contentType } });
}
