import { chatAttachmentTypes, chatLimits } from '@plaza/contract';
import { AppError, notFound } from '../../platform/errors';
import {
  attachmentDisposition,
  type Download,
  openStoredFile,
  type StoredUpload,
  storeCheckedFile,
  type UploadDeps,
} from '../uploads';
import { chatRepo } from './repo';

/** An attachment as the client sends it: a name and a data URL. */
export interface AttachmentInput {
  name: string;
  content: string;
}

/**
 * Decodes a data URL, checks the bytes (size, type found in the content, never the claimed one),
 * stores them and hands their row values to `record` (the message's insert); should that fail, the
 * bytes go again.
 */
export async function storeAttachment<T>(
  deps: UploadDeps,
  input: AttachmentInput,
  record: (file: StoredUpload) => Promise<T>,
): Promise<T> {
  const data = Buffer.from(input.content.slice(input.content.indexOf(',') + 1), 'base64');
  if (data.length > chatLimits.attachmentMaxBytes) {
    throw new AppError(
      413,
      'payload_too_large',
      `An attachment may have at most ${chatLimits.attachmentMaxBytes} bytes.`,
    );
  }
  return storeCheckedFile(deps.storage, { data, filename: input.name }, record, {
    types: chatAttachmentTypes,
    refuse: (type) =>
      new AppError(415, 'unsupported_media_type', `Files of type ${type} cannot be sent in the chat.`),
  });
}

/** Opens an attachment for a participant of its conversation; others get "not found". */
export async function openAttachment(deps: UploadDeps, userId: number, id: number): Promise<Download> {
  const row = await chatRepo.attachment(deps.db, id);
  if (!row || !(await chatRepo.conversationOf(deps.db, row.conversation_id, userId)))
    throw notFound('The attachment');
  return openStoredFile(
    deps.storage,
    row.attachment.path,
    row.attachment.mime_type,
    attachmentDisposition(row.attachment.name),
  );
}
