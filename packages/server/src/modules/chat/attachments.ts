import { chatAttachmentTypes, chatLimits } from '@plaza/contract';
import { AppError, notFound } from '../../platform/errors';
import {
  attachmentDisposition,
  cleanFileName,
  type Download,
  detectFileType,
  newStoredPath,
  openStoredFile,
  requireContent,
  type UploadDeps,
  writeStoredFile,
} from '../uploads';
import { chatRepo } from './repo';

/** An attachment as the client sends it: a name and a data URL. */
export interface AttachmentInput {
  name: string;
  content: string;
}

/**
 * Decodes a data URL, checks the bytes (size, type found in the content, never the claimed one) and
 * stores them; returns the row values to insert with the message.
 */
export async function storeAttachment(deps: UploadDeps, input: AttachmentInput) {
  const base64 = input.content.slice(input.content.indexOf(',') + 1);
  const data = Buffer.from(base64, 'base64');
  requireContent(data);
  if (data.length > chatLimits.attachmentMaxBytes) {
    throw new AppError(
      413,
      'payload_too_large',
      `An attachment may have at most ${chatLimits.attachmentMaxBytes} bytes.`,
    );
  }
  const name = cleanFileName(input.name);
  const mimeType = await detectFileType(data, name);
  if (!(chatAttachmentTypes as readonly string[]).includes(mimeType)) {
    throw new AppError(
      415,
      'unsupported_media_type',
      `Files of type ${mimeType} cannot be sent in the chat.`,
    );
  }
  const path = newStoredPath('files');
  await writeStoredFile(deps.dataDir, path, data);
  return { name, mime_type: mimeType, size: data.length, path };
}

/** Opens an attachment for a participant of its conversation; others get "not found". */
export async function openAttachment(deps: UploadDeps, userId: number, id: number): Promise<Download> {
  const row = await chatRepo.attachment(deps.db, id);
  if (!row || !(await chatRepo.conversationOf(deps.db, row.conversation_id, userId)))
    throw notFound('The attachment');
  return openStoredFile(
    deps.dataDir,
    row.attachment.path,
    row.attachment.mime_type,
    attachmentDisposition(row.attachment.name),
  );
}
