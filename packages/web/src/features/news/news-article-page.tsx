import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Article, Post } from '@plaza/contract';
import { newsItemIdInRange, newsItemIdPattern } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { useLang } from '../../app/use-lang';
import { FallbackAvatar } from '../../components/fallback-avatar';
import { FileLinks } from '../../components/file-links';
import { Moment } from '../../components/moment';
import { ArticleReactions } from '../../components/reactions/article-reactions';
import { RichHtml } from '../../components/rich-html';
import { ApiRequestError } from '../../lib/api-client';
import { useLoadFailureRedirect } from '../../lib/use-load-failure-redirect';
import { newsItemQuery } from './api/news';

const notFound = new ApiRequestError(404, [{ code: 'not_found', message: 'Not found' }]);

function ArticleView({ article }: { article: Article }) {
  const { t } = useTranslation();
  const lang = useLang();
  const image = article.images.title ?? article.images.slider[0] ?? null;
  return (
    <Box component="article" aria-labelledby="article-title" sx={{ maxWidth: 820 }}>
      <Box component="header" sx={{ mb: 3 }}>
        {article.category && (
          <Typography variant="overline" color="text.secondary" component="p">
            <Link component={RouterLink} to={`/${lang}/categories/${article.category.id}`} color="inherit">
              {article.category.name}
            </Link>
          </Typography>
        )}
        <Typography id="article-title" variant="h1" sx={{ overflowWrap: 'anywhere', mb: 1.5 }}>
          {article.title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <FallbackAvatar src={article.author.avatar} size={40} />
          <Typography variant="body2" color="text.secondary">
            {article.author.name} · <Moment value={article.publish_date} part="day" />
          </Typography>
        </Box>
        {/* A banner of a fixed shape (the demo's pictures are 2:1), so the page does not move below it
            when the picture arrives: a click meant for the like button would land on the text. */}
        {image && (
          <Box
            component="img"
            src={image}
            alt=""
            sx={{
              display: 'block',
              width: '100%',
              aspectRatio: '2 / 1',
              maxHeight: 420,
              objectFit: 'cover',
              borderRadius: 2,
            }}
          />
        )}
        {article.teaser && (
          <Typography sx={{ mt: 2, fontSize: '1.125rem', fontWeight: 500 }}>{article.teaser}</Typography>
        )}
      </Box>
      <RichHtml html={article.content} kind="article" />
      {article.attachments.length > 0 && (
        <FileLinks files={article.attachments} label={t('news.article.attachments')} sx={{ mt: 2 }} />
      )}
      <ArticleReactions
        itemId={article.item_id}
        likesAllowed={article.likes_allowed}
        commentsAllowed={article.comments_allowed}
        likesCount={article.likes_count}
        commentsCount={article.comments_count}
        likedByMe={article.liked_by_me}
      />
    </Box>
  );
}

/**
 * The news page `/{lang}/news/{id}`: an article (`page-<n>` or `<n>`) with its header, text, likes and
 * comments (each only when allowed), or a single post (`post-<n>`) drawn by `renderPost`.
 */
export function NewsArticlePage({ renderPost }: { renderPost: (post: Post) => ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useParams().id ?? '';
  const valid = newsItemIdPattern.test(id) && newsItemIdInRange(id);
  const item = useQuery({ ...newsItemQuery(id), enabled: valid });
  useLoadFailureRedirect(valid ? item.error : notFound);
  usePageTitle(
    item.data &&
      (item.data.meta.type === 'article' ? (item.data as Article).title : t('news.article.post_title')),
  );
  return (
    <>
      <Link
        component={RouterLink}
        to={`/${lang}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('news.article.back')}
      </Link>
      {!item.data && !item.isError && valid && <CircularProgress aria-label={t('news.loading')} />}
      {item.data?.meta.type === 'article' && <ArticleView article={item.data as Article} />}
      {item.data?.meta.type === 'post' && (
        <Box sx={{ maxWidth: 820 }}>
          <Typography variant="h1" sx={{ mb: 2 }}>
            {t('news.article.post_title')}
          </Typography>
          {renderPost(item.data as Post)}
        </Box>
      )}
    </>
  );
}
