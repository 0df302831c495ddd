import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Post } from '@plaza/contract';
import { postPath } from '@plaza/contract/paths';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { lazyChunk } from '../../app/chunk-error';
import { useLang } from '../../app/use-lang';
import { FallbackAvatar } from '../../components/fallback-avatar';
import { lazyDialog } from '../../components/lazy-dialog';
import { Moment } from '../../components/moment';
import { CommentsPanel } from '../../components/reactions/comments-panel';
import { LikeButton } from '../../components/reactions/like-button';
import { useCommentCount } from '../../components/reactions/reactions-api';
import { RichHtml } from '../../components/rich-html';
import { apiErrorText } from '../../lib/api-error-text';
import { useDeletePost } from './api/posts';
import { EditedMarker } from './edited-marker';
import { PostFiles } from './post-files';
import { PostPreviewCard } from './post-preview-card';

/** The edit dialog carries the editor (TipTap), so it loads when a member edits, not with the stream. */
const EditPostDialog = lazyChunk(() => import('./edit-post-dialog').then((m) => m.EditPostDialog));
/** The delete confirmation (and MUI's dialog) loads when a member first deletes, not with the stream. */
const ConfirmDialog = lazyDialog(() =>
  import('../../components/confirm-dialog').then((m) => m.ConfirmDialog),
);

/**
 * A post in a stream or on its own page: author, date, where it was posted, the sanitised text,
 * files, link preview, the like button with its count, the comments panel, delete when permitted.
 */
export function PostCard({ post, commentsOpen = false }: { post: Post; commentsOpen?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const [showComments, setShowComments] = useState(commentsOpen);
  const commentCount = useCommentCount(post.comments_count);
  const [confirm, setConfirm] = useState(false);
  const [editing, setEditing] = useState(false);
  const remove = useDeletePost();
  const where = post.topic ? `${post.group?.name} · ${post.topic.name}` : post.group?.name;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} sx={{ mb: 2 }}>
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1 }}>
          <FallbackAvatar src={post.author.avatar} size={40} />
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} component="h3" sx={{ fontWeight: 600, fontSize: '1rem' }}>
              {post.author.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <Link component={RouterLink} to={`/${lang}${postPath(post.item_id)}`} color="inherit">
                <Moment value={post.created_at} />
              </Link>
              {post.edited_at && <EditedMarker at={post.edited_at} />}
              {where && ` · ${where}`}
            </Typography>
          </Box>
        </Box>
        <RichHtml html={post.description} />
        <PostFiles files={post.files} author={post.author.name} />
        {post.preview && <PostPreviewCard preview={post.preview} />}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.5 }}>
          <LikeButton type="post" id={post.item_id} count={post.likes_count} liked={post.liked_by_me} />
          <Button
            size="small"
            color="inherit"
            startIcon={<ChatBubbleOutlineIcon />}
            aria-expanded={showComments}
            onClick={() => setShowComments((open) => !open)}
          >
            {t('posts.card.comments', { count: commentCount.value })}
          </Button>
          {post.permissions.includes('edit') && (
            <Button
              size="small"
              color="inherit"
              startIcon={<EditIcon />}
              sx={{ ml: 'auto' }}
              onClick={() => setEditing(true)}
            >
              {t('posts.card.edit')}
            </Button>
          )}
          {post.permissions.includes('delete') && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              sx={{ ml: post.permissions.includes('edit') ? 0 : 'auto' }}
              onClick={() => {
                remove.reset();
                setConfirm(true);
              }}
            >
              {t('posts.card.delete')}
            </Button>
          )}
        </Box>
        {showComments && <CommentsPanel type="post" id={post.item_id} onCount={commentCount.set} />}
      </CardContent>
      {editing && (
        <Suspense fallback={null}>
          <EditPostDialog post={post} open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('posts.card.confirm_delete.title')}
        text={t('posts.card.confirm_delete.text')}
        confirmLabel={t('posts.card.confirm_delete.confirm')}
        onConfirm={() => remove.mutate(post.item_id, { onSuccess: () => setConfirm(false) })}
        onClose={() => setConfirm(false)}
        pending={remove.isPending}
        error={remove.isError ? apiErrorText(t, remove.error) : null}
        destructive
      />
    </Card>
  );
}
