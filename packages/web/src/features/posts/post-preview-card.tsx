import LinkIcon from '@mui/icons-material/Link';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PostPreview } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import { isLinkOnly, linkHost } from '../../components/link-preview/link-only';
import { visuallyHidden } from '../../lib/visually-hidden';

const cardSx = {
  display: 'flex',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  overflow: 'hidden',
  mt: 1.5,
} as const;

/** The link of a post that has no preview (none could be fetched): its host and address, opening in a new tab. */
function PlainLinkCard({ url }: { url: string }) {
  const { t } = useTranslation();
  const host = linkHost(url);
  return (
    <Box
      component="figure"
      aria-label={t('link_preview.link_label', { host })}
      sx={{ ...cardSx, m: 0, mt: 1.5, p: 1.5, gap: 1.5, alignItems: 'center' }}
    >
      <LinkIcon color="action" aria-hidden />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {host}
        </Typography>
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {url}
          <Box component="span" sx={visuallyHidden}>
            {` ${t('link_preview.opens_new_tab')}`}
          </Box>
        </Link>
      </Box>
    </Box>
  );
}

/**
 * The stored link preview of a post: image, title, description; the card links to the page (a video's
 * page when there is one). A link kept without a preview shows as a plain link card.
 */
export function PostPreviewCard({ preview }: { preview: PostPreview }) {
  const { t } = useTranslation();
  if (isLinkOnly(preview)) return <PlainLinkCard url={preview.url} />;
  const host = linkHost(preview.url);
  return (
    <Box sx={{ ...cardSx, flexDirection: { xs: 'column', sm: 'row' } }}>
      {preview.image && (
        <Box
          component="img"
          src={preview.image}
          alt=""
          sx={{ width: { xs: '100%', sm: 180 }, maxHeight: 180, objectFit: 'cover', flexShrink: 0 }}
        />
      )}
      <Box sx={{ p: 1.5, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary">
          {host}
        </Typography>
        <Link
          href={preview.video_url ?? preview.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {preview.title ?? preview.url}
          {preview.video_url && ` (${t('posts.card.video')})`}
        </Link>
        {preview.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {preview.description}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
