import type { Readable } from 'node:stream';
import { limits } from '@plaza/contract';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../platform/errors';
import { attachmentDisposition, type ObjectStore } from '../../platform/storage';

/** A stored file opened for sending through Plaza, or (large files in a bucket) a signed URL to send the browser to. */
export type Download =
  | { stream: Readable; size: number; mimeType: string; disposition: string }
  | { redirect: string };

/** Opens a stored file (its stored path) for download; "not found" when it is gone. */
export async function openStoredFile(
  storage: ObjectStore,
  storedPath: string,
  mimeType: string,
  disposition: string,
): Promise<Download> {
  const object = await storage.get(storedPath);
  if (!object) throw notFound('The file');
  return { stream: object.body, size: object.size, mimeType, disposition };
}

/**
 * Opens a member's file (a row's path, type, name and size) whose access was checked: one of
 * `limits.signedDownloadMinBytes` or more goes by a short-lived signed URL when the store signs (a
 * bucket), with the same name and type in its headers; anything else streams through Plaza.
 */
export async function openFileDownload(
  storage: ObjectStore,
  file: { path: string; mime_type: string; name: string; size: number },
): Promise<Download> {
  if (file.size >= limits.signedDownloadMinBytes) {
    const url = await storage.signedUrl(file.path, {
      expiresInSeconds: limits.signedDownloadSeconds,
      fileName: file.name,
      contentType: file.mime_type,
    });
    if (url) return { redirect: url };
  }
  return openStoredFile(storage, file.path, file.mime_type, attachmentDisposition(file.name));
}

/**
 * Sends a download with headers that keep a member's file from running in the app's origin
 * (no sniffing, a sandboxing content security policy) and from being cached for others; a signed URL
 * as a redirect that no one caches (it expires, and was answered to this viewer only).
 */
export function sendDownload(reply: FastifyReply, download: Download): Readable | FastifyReply {
  if ('redirect' in download) {
    return reply.header('cache-control', 'private, no-store').redirect(download.redirect, 302);
  }
  reply
    .type(download.mimeType.startsWith('text/') ? `${download.mimeType}; charset=utf-8` : download.mimeType)
    .header('content-length', download.size)
    .header('content-disposition', download.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-cache');
  return download.stream;
}
