import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../../config';
import { attachmentDisposition } from './disposition';
import { checkKey, checkPrefix } from './keys';
import type { ObjectStore } from './object-store';

/** DeleteObjects takes at most this many keys a call. */
const deleteBatch = 1000;

/** True for the SDK's "no such object" (GetObject's `NoSuchKey`, or a bare 404). */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404;
}

/** A bucket of an S3-compatible store through the AWS SDK (`STORAGE_URL`). */
export function createS3Store(config: Extract<StorageConfig, { kind: 's3' }>): ObjectStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where the API requires them: several S3-compatible stores refuse the SDK's newer
    // default (CRC32 headers and trailers) on every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, body, options) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: body,
          ContentLength: body.length,
          ContentType: options?.contentType ?? 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!answer.Body) return null;
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(keys) {
      for (const key of keys) checkKey(key);
      for (let start = 0; start < keys.length; start += deleteBatch) {
        const batch = keys.slice(start, start + deleteBatch);
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        // A missing key is no error in S3's DeleteObjects; anything listed here failed.
        const failed = answer.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0]!;
          throw new Error(
            `Could not delete ${failed.length} stored file(s), e.g. ${first.Key}: ${first.Code}`,
          );
        }
      }
    },
    list(prefix) {
      checkPrefix(prefix);
      return {
        async *[Symbol.asyncIterator]() {
          let ContinuationToken: string | undefined;
          do {
            const page = await client.send(
              new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
            );
            for (const object of page.Contents ?? []) {
              if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
            }
            ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
          } while (ContinuationToken);
        },
      };
    },
    async signedUrl(key, options) {
      const command = new GetObjectCommand({
        Bucket,
        Key: checkKey(key),
        ResponseContentDisposition: attachmentDisposition(options.fileName),
        ResponseContentType: options.contentType,
      });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },
    // A PUT stores the whole object or nothing.
    async removeUnfinished() {
      return 0;
    },
    async close() {
      client.destroy();
    },
  };
}
