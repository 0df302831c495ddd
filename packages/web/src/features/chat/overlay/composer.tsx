import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { chatAttachmentTypes, chatLimits } from '@plaza/contract/chat';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';

/** A file chosen for the next message, read as a data URL. */
export interface PendingAttachment {
  name: string;
  type: string;
  size: number;
  content: string;
}

export interface ComposedMessage {
  text: string;
  attachment: PendingAttachment | null;
}

/** How often "is typing" is told to the others at most. */
const typingEveryMs = 3_000;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The message input: Enter sends, Shift+Enter adds a line, an empty text without an attachment is not
 * sent. A chosen file shows as the pending attachment until sent. While typing, the others are told (at
 * most every 3 s). `restored` puts a message back after a failed send.
 */
export function Composer({
  conversationId,
  onSend,
  error,
  onClearError,
  restored,
}: {
  conversationId: number;
  onSend: (message: ComposedMessage) => Promise<void>;
  error: string | null;
  onClearError: () => void;
  restored: ComposedMessage | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<PendingAttachment | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);

  useEffect(() => {
    if (!restored) return;
    setText((current) => (current ? `${restored.text}\n${current}` : restored.text));
    if (restored.attachment) setAttachment(restored.attachment);
  }, [restored]);

  const change = (value: string) => {
    setText(value);
    if (error) onClearError();
    const now = Date.now();
    if (value.trim() && now - lastTyping.current >= typingEveryMs) {
      lastTyping.current = now;
      call(routes.chat.typing, { body: { recipient: conversationId } }).catch(() => undefined);
    }
  };

  const submit = () => {
    if (!text.trim() && !attachment) return;
    const message = { text, attachment };
    setText('');
    setAttachment(null);
    setFileError(null);
    lastTyping.current = 0;
    void onSend(message);
  };

  const choose = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setFileError(null);
    if (file.size > chatLimits.attachmentMaxBytes) {
      setFileError(
        t('chat.overlay.conversation.too_large', {
          max: Math.round(chatLimits.attachmentMaxBytes / (1024 * 1024)),
        }),
      );
      return;
    }
    try {
      const content = await readAsDataUrl(file);
      setAttachment({
        name: file.name.slice(0, chatLimits.attachmentNameMaxLength) || 'file',
        type: file.type || 'application/octet-stream',
        size: file.size,
        content,
      });
    } catch {
      setFileError(t('chat.overlay.conversation.read_failed'));
    }
  };

  const shownError = fileError ?? error;
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ borderTop: 1, borderColor: 'divider', p: 1 }}
    >
      {shownError && (
        <Typography role="alert" color="error" variant="body2" sx={{ px: 1, pb: 0.5 }}>
          {shownError}
        </Typography>
      )}
      {attachment && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            mx: 1,
            mb: 1,
            px: 1,
            py: 0.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {attachment.type.startsWith('image/') ? (
            <Box
              component="img"
              src={attachment.content}
              alt=""
              sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 0.5 }}
            />
          ) : (
            <InsertDriveFile color="action" />
          )}
          <Typography variant="body2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
            {attachment.name}
          </Typography>
          <IconButton
            size="small"
            onClick={() => setAttachment(null)}
            aria-label={t('chat.overlay.conversation.remove_attachment', { name: attachment.name })}
          >
            <Close fontSize="small" />
          </IconButton>
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={chatAttachmentTypes.join(',')}
          onChange={(event) => void choose(event.target.files?.[0])}
          data-testid="chat-file-input"
        />
        <IconButton
          onClick={() => fileInput.current?.click()}
          aria-label={t('chat.overlay.conversation.attach')}
        >
          <AttachFile />
        </IconButton>
        <TextField
          value={text}
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          placeholder={t('chat.overlay.conversation.placeholder')}
          multiline
          maxRows={5}
          size="small"
          fullWidth
          slotProps={{
            htmlInput: {
              'aria-label': t('chat.overlay.conversation.input'),
              maxLength: chatLimits.textMaxLength,
            },
          }}
        />
        <IconButton type="submit" color="primary" aria-label={t('chat.overlay.conversation.send')}>
          <Send />
        </IconButton>
      </Box>
    </Box>
  );
}
