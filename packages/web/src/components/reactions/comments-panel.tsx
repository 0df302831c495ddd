import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Comment, ReactionTargetType } from '@plaza/contract';
import { limits } from '@plaza/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../lib/api-error-text';
import { FallbackAvatar } from '../fallback-avatar';
import { growingSlots } from '../growing-textarea';
import { Moment } from '../moment';
import { commentsQuery, useDeleteComment, useEditComment, useWriteComment } from './reactions-api';

/** A comment's field: an area that grows up to six lines. */
const commentSlots = growingSlots({ maxRows: 6 }, { maxLength: limits.commentMaxLength });

/** Comments shown at first and added per 'show more'. */
export const commentsStep = 10;

function CommentItem({
  comment,
  onDelete,
  onEdit,
  pending,
}: {
  comment: Comment;
  onDelete: () => void;
  /** Saves a changed text; resolves once saved (the field closes), rejects on failure (it stays). */
  onEdit: (text: string) => Promise<unknown>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const trimmed = draft?.trim() ?? '';
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1 }}>
      <FallbackAvatar src={comment.author.avatar} size={32} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {comment.author.name}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            <Moment value={comment.created_at} />
          </Typography>
        </Typography>
        {draft === null ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.text}
          </Typography>
        ) : (
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (trimmed)
                onEdit(trimmed).then(
                  () => setDraft(null),
                  () => undefined,
                );
            }}
            sx={{ mt: 1 }}
          >
            <TextField
              id={fieldId}
              label={t('reactions.edit_comment_label')}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              size="small"
              multiline
              fullWidth
              autoFocus
              slotProps={commentSlots}
              disabled={pending}
            />
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <Button type="submit" size="small" variant="contained" disabled={!trimmed || pending}>
                {t('reactions.save_comment')}
              </Button>
              <Button size="small" onClick={() => setDraft(null)}>
                {t('app.cancel')}
              </Button>
            </Box>
          </Box>
        )}
      </Box>
      {draft === null && comment.permissions.includes('edit') && (
        <IconButton
          size="small"
          aria-label={t('reactions.edit_comment')}
          onClick={() => setDraft(comment.text)}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {comment.permissions.includes('delete') && (
        <IconButton
          size="small"
          aria-label={t('reactions.delete_comment')}
          onClick={onDelete}
          disabled={pending}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

/**
 * The comments of an article or a post: the list ('show more'), a field to write one, delete by
 * permission. `onCount` hears the list's total whenever it loads, so the item's comment counter
 * follows a written or deleted comment without reloading the stream.
 */
export function CommentsPanel({
  type,
  id,
  onCount,
}: {
  type: ReactionTargetType;
  id: number;
  onCount?: (count: number) => void;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [limit, setLimit] = useState(commentsStep);
  const [text, setText] = useState('');
  const comments = useQuery({ ...commentsQuery(type, id, limit), placeholderData: keepPreviousData });
  const write = useWriteComment(type, id);
  const remove = useDeleteComment(type, id);
  const change = useEditComment(type, id);
  const data = comments.data;
  const trimmed = text.trim();
  const total = data?.pagination.total;
  useEffect(() => {
    if (total !== undefined) onCount?.(total);
  }, [total, onCount]);
  return (
    <Box component="section" aria-label={t('reactions.comments_title')} sx={{ pt: 1 }}>
      {comments.isError && <Alert severity="error">{apiErrorText(t, comments.error)}</Alert>}
      {data && data.results.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('reactions.no_comments')}
        </Typography>
      )}
      {data && data.results.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.results.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              pending={remove.isPending || change.isPending}
              onDelete={() => remove.mutate(comment.id)}
              onEdit={(text) => change.mutateAsync({ commentId: comment.id, text })}
            />
          ))}
        </Box>
      )}
      {data?.pagination.next && (
        <Button size="small" onClick={() => setLimit((value) => value + commentsStep)}>
          {t('reactions.more_comments')}
        </Button>
      )}
      {data?.can_comment && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!trimmed) return;
            write.mutate(trimmed, { onSuccess: () => setText('') });
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}
        >
          <TextField
            id={fieldId}
            label={t('reactions.comment_label')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            size="small"
            multiline
            fullWidth
            slotProps={commentSlots}
            disabled={write.isPending}
          />
          <Button type="submit" variant="contained" disabled={!trimmed || write.isPending}>
            {t('reactions.send_comment')}
          </Button>
        </Box>
      )}
      {(write.isError || remove.isError || change.isError) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {apiErrorText(t, write.error ?? remove.error ?? change.error)}
        </Alert>
      )}
    </Box>
  );
}
