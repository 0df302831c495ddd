import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idSchema } from './entities';

/**
 * A stored file of a group or topic. `link` downloads it through the API, which checks that the
 * viewer may see the group; `type` is the MIME type found in the file's content.
 */
export const fileSchema = z.object({
  id: z.number().int(),
  link: z.string(),
  type: z.string(),
  name: z.string(),
  size: z.number().int(),
  date: z.string(),
  uploader: z.object({ id: z.number().int().nullable(), combined_name: z.string() }),
  /** The viewer may delete it (delete permission on the group or topic, or the uploader). */
  can_delete: z.boolean(),
});
export type StoredFile = z.infer<typeof fileSchema>;

/** Crop rectangle in pixels of the uploaded original. */
export const imageCropSchema = z.object({
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type ImageCrop = z.infer<typeof imageCropSchema>;

/** An uploaded image: `url` shows the current (cropped, resized, metadata-free) version. */
export const uploadedImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Size of the original, which crop coordinates refer to. */
  original: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** MIME types accepted for group and topic files, detected from content. */
export const allowedFileTypes = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/zip',
  'text/plain',
  'text/csv',
] as const;

/** MIME types accepted for images, detected from content. */
export const allowedImageTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

export const uploadEndpoints = {
  download: defineEndpoint({
    method: 'GET',
    path: '/api/v2/files/:id',
    summary:
      'Download a group or topic file (as an attachment) when the viewer may see its group; a large file in a bucket answers 302 to a short-lived signed URL',
    tags: ['files'],
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'file' },
    params: z.object({ id: idSchema }),
    response: z.unknown(),
  }),
};
