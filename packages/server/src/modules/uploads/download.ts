import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../platform/errors';
import { resolveStoredPath } from './storage';

/** A stored file opened for sending. */
export interface Download {
  stream: Readable;
  size: number;
  mimeType: string;
  disposition: string;
}

/** Opens a stored file (its path under the data folder) for download; "not found" when it is gone. */
export async function openStoredFile(
  dataDir: string,
  storedPath: string,
  mimeType: string,
  disposition: string,
): Promise<Download> {
  const absolute = resolveStoredPath(dataDir, storedPath);
  const info = await stat(absolute).catch(() => null);
  if (!info?.isFile()) throw notFound('The file');
  return { stream: createReadStream(absolute), size: info.size, mimeType, disposition };
}

/**
 * Sends a download with headers that keep a member's file from running in the app's origin
 * (no sniffing, a sandboxing content security policy) and from being cached for others.
 */
export function sendDownload(reply: FastifyReply, download: Download): Readable {
  reply
    .type(download.mimeType.startsWith('text/') ? `${download.mimeType}; charset=utf-8` : download.mimeType)
    .header('content-length', download.size)
    .header('content-disposition', download.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-cache');
  return download.stream;
}
