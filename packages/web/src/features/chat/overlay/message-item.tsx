import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ChatMessage } from '@plaza/contract/chat';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/use-lang';
import { messageTime } from './chat-dates';
import type { ShownMessage } from './messages-state';

type Attachment = ChatMessage['attachments'][number];

/** An attachment: an image inline (opens full size), any other file as a download link; pending ones spin. */
function AttachmentView({ attachment, pending }: { attachment: Attachment; pending: boolean }) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
        <CircularProgress
          size={16}
          aria-label={t('chat.overlay.conversation.uploading', { name: attachment.name })}
        />
        <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
          {attachment.name}
        </Typography>
      </Box>
    );
  }
  if (attachment.type.startsWith('image/')) {
    return (
      <Link href={attachment.link} target="_blank" rel="noopener" sx={{ display: 'block', mt: 0.5 }}>
        <Box
          component="img"
          src={attachment.link}
          alt={attachment.name}
          loading="lazy"
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 1 }}
        />
      </Link>
    );
  }
  return (
    <Link
      href={attachment.link}
      download={attachment.name}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, overflowWrap: 'anywhere' }}
      aria-label={t('chat.overlay.conversation.download', { name: attachment.name })}
    >
      <InsertDriveFile fontSize="small" />
      {attachment.name}
    </Link>
  );
}

/** One message: sender (in groups, and for others), text as written, attachments, time, and for the own ones sending or seen. */
export function MessageItem({ message, own }: { message: ShownMessage; own: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const pending = Boolean(message.pending);
  const status = own
    ? pending
      ? t('chat.overlay.conversation.sending')
      : message.read_by.length > 0
        ? t('chat.overlay.conversation.seen')
        : null
    : null;
  return (
    <Box
      component="li"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: own ? 'flex-end' : 'flex-start' }}
    >
      <Box
        sx={{
          maxWidth: '85%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: own ? 'primary.main' : 'action.hover',
          color: own ? 'primary.contrastText' : 'text.primary',
          opacity: pending ? 0.75 : 1,
          '& a': own ? { color: 'inherit' } : {},
        }}
      >
        {!own && (
          <Typography variant="caption" component="p" sx={{ fontWeight: 700 }}>
            {message.sender.name}
          </Typography>
        )}
        {message.text && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </Typography>
        )}
        {message.attachments.map((attachment) => (
          <AttachmentView
            key={`${attachment.id}-${attachment.name}`}
            attachment={attachment}
            pending={pending}
          />
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
        <time dateTime={message.time}>{messageTime(message.time, lang)}</time>
        {status && ` · ${status}`}
      </Typography>
    </Box>
  );
}
