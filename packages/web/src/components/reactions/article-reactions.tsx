import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentsPanel } from './comments-panel';
import { LikeButton } from './like-button';
import { useCommentCount } from './reactions-api';

/** What an article (a news article, a CMS page of type article) says about its likes and comments. */
export interface ArticleReactionsProps {
  /** The article's number: its page id (likes and comments of type `news`). */
  itemId: number;
  likesAllowed: boolean;
  commentsAllowed: boolean;
  likesCount: number;
  commentsCount: number;
  likedByMe: boolean;
}

/**
 * The likes and comments under an article, each only when the article allows it: the like button
 * with who likes it, then the comments heading with its count and the comments panel.
 */
export function ArticleReactions({
  itemId,
  likesAllowed,
  commentsAllowed,
  likesCount,
  commentsCount,
  likedByMe,
}: ArticleReactionsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const commentCount = useCommentCount(commentsCount);
  if (!likesAllowed && !commentsAllowed) return null;
  return (
    <>
      <Divider sx={{ my: 3 }} />
      {likesAllowed && (
        <Box component="section" aria-label={t('news.article.likes')} sx={{ mb: 2 }}>
          <LikeButton type="news" id={itemId} count={likesCount} liked={likedByMe} />
        </Box>
      )}
      {commentsAllowed && (
        <Box component="section" aria-labelledby={headingId}>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
            {t('news.article.comments', { count: commentCount.value })}
          </Typography>
          <CommentsPanel type="news" id={itemId} onCount={commentCount.set} />
        </Box>
      )}
    </>
  );
}
