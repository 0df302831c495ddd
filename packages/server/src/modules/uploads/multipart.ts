import multipart from '@fastify/multipart';
import { limits } from '@plaza/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors';

/** The multipart field every upload route reads its one file from. */
export const uploadField = 'file';

/** Registers multipart parsing in the calling (encapsulated) scope only; JSON routes keep the 1 MiB limit. */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: {
      fileSize: limits.uploadMaxBytes,
      files: limits.imageUploadMaxFiles,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });
}

export interface ReceivedUpload {
  data: Buffer;
  /** The name the browser sent; only for display after cleaning, never for storage. */
  filename: string;
}

const tooLarge = () =>
  new AppError(
    413,
    'payload_too_large',
    `The file is larger than ${Math.round(limits.uploadMaxBytes / 1024 / 1024)} MB.`,
    uploadField,
  );

/** Reads the one file of a multipart upload into memory; 400 without a `file` part, 413 when too large. */
export async function receiveUpload(request: FastifyRequest): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.', uploadField);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch (error) {
    throw mapMultipartError(error);
  }
  if (!part) throw badRequest('The upload holds no file.', uploadField);
  if (part.fieldname !== uploadField) {
    part.file.resume();
    throw badRequest(`Send the file in the field "${uploadField}".`, uploadField);
  }
  try {
    const data = await part.toBuffer();
    // Over a real socket busboy may flag truncation only after the last chunk was read.
    if (part.file.truncated) throw tooLarge();
    return { data, filename: part.filename };
  } catch (error) {
    throw mapMultipartError(error);
  }
}

function mapMultipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return badRequest('Send one file at a time.', uploadField);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('The upload has too many parts.', uploadField);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return badRequest('Send the file as multipart/form-data.', uploadField);
  }
  // Malformed bodies (busboy parse errors) are the client's fault.
  if (error instanceof Error && /multipart|boundary|unexpected end/i.test(error.message)) {
    return badRequest('The upload could not be read.', uploadField);
  }
  return error;
}
