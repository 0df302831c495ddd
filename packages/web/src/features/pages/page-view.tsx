import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Page } from '@plaza/contract';
import { dateFormats } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { loginPath } from '../../app/guard';
import { usePageTitle } from '../../app/page-title';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { Moment } from '../../components/moment';
import { ArticleReactions } from '../../components/reactions/article-reactions';
import { RichHtml } from '../../components/rich-html';
import { formatDate } from '../../lib/dates';
import { useLoadFailureRedirect } from '../../lib/use-load-failure-redirect';
import { pageQuery, previewQuery } from './api/pages';
import { LimitedPage } from './limited-page';
import { PageModules } from './modules/page-modules';

function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('pages.loading')} />
    </Box>
  );
}

/** Under an article's title: its date, and how many like and comment it. */
function ArticleMeta({ page }: { page: Page }) {
  const { t } = useTranslation();
  const parts = [
    page.likes_allowed && t('pages.article.likes_count', { count: page.likes_count }),
    page.comments_allowed && t('pages.article.comments_count', { count: page.comments_count }),
  ].filter(Boolean);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
      <Moment value={page.updated_at} part="day" />
      {parts.map((part) => ` · ${part}`).join('')}
    </Typography>
  );
}

/** Likes and comments under an article: the panels for members, a sign-in link for visitors. */
function PageReactions({ page, returnPath }: { page: Page; returnPath: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { status } = useSession();
  if (!page.likes_allowed && !page.comments_allowed) return null;
  if (status !== 'authenticated') {
    return (
      <Typography sx={{ mt: 3 }}>
        <Link component={RouterLink} to={loginPath(lang, returnPath)}>
          {t('pages.article.sign_in_to_react')}
        </Link>
      </Typography>
    );
  }
  return (
    <ArticleReactions
      itemId={page.id}
      likesAllowed={page.likes_allowed}
      commentsAllowed={page.comments_allowed}
      likesCount={page.likes_count}
      commentsCount={page.comments_count}
      likedByMe={page.liked_by_me}
    />
  );
}

/**
 * A CMS page as the reader gets it (spec 2 "CMS page"): the title, for an article its date, likes and
 * comments, the teaser and text, then the modules in order. A members' page asked for signed out comes
 * limited: its share card under the sign-in overlay, or without share options the sign-in page
 * (coming back to `returnPath`, the path without the language).
 */
export function PageContent({
  page,
  returnPath,
  banner,
}: {
  page: Page;
  returnPath: string;
  /** Shown above the title (the preview's notice). */
  banner?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  usePageTitle(page.limited && page.share_options ? page.share_options.title : page.title);
  if (page.limited) {
    if (!page.share_options) return <Navigate to={loginPath(lang, returnPath)} replace />;
    return <LimitedPage card={page.share_options} returnPath={returnPath} />;
  }
  const article = page.meta.type === 'article';
  return (
    <Box component="article" aria-labelledby="page-title" sx={{ maxWidth: 960, minWidth: 0 }}>
      {banner}
      <Box component="header">
        <Typography id="page-title" variant="h1" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
          {page.title}
        </Typography>
        {article ? (
          <ArticleMeta page={page} />
        ) : (
          page.type === 'legal' && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              {t('app.page.updated', { date: formatDate(page.updated_at, dateFormats.day, lang) })}
            </Typography>
          )
        )}
        {page.teaser && (
          <Typography sx={{ fontSize: '1.125rem', fontWeight: 500, mb: 2, overflowWrap: 'anywhere' }}>
            {page.teaser}
          </Typography>
        )}
      </Box>
      {page.content && <RichHtml html={page.content} kind="article" />}
      <PageModules modules={page.modules} />
      {article && <PageReactions page={page} returnPath={returnPath} />}
    </Box>
  );
}

/** `/page/{id}`: a published CMS page; a failed load goes to its error page (404 when there is none). */
export function PageView({ id }: { id: number }) {
  const { status } = useSession();
  const { data: page, error } = useQuery(pageQuery(id, status));
  useLoadFailureRedirect(error);
  if (!page) return <Loading />;
  return <PageContent page={page} returnPath={`/page/${id}`} />;
}

/** `/previews/{id}`: the unpublished version of a page, under a notice saying so. */
export function PreviewView({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data: page, error } = useQuery(previewQuery(id));
  useLoadFailureRedirect(error);
  if (!page) return <Loading />;
  return (
    <PageContent
      page={page}
      returnPath={`/previews/${id}`}
      banner={
        <Alert severity="warning" variant="outlined" sx={{ mb: 3 }} role="status">
          <AlertTitle>{t('pages.preview.banner')}</AlertTitle>
          {t('pages.preview.text')}
        </Alert>
      }
    />
  );
}
