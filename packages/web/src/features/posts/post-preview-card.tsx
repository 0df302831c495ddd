import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PostPreview } from '@plaza/contract';
import { useTranslation } from 'react-i18next';

/** The stored link preview of a post: image, title, description; the card links to the page (a video's page when there is one). */
export function PostPreviewCard({ preview }: { preview: PostPreview }) {
  const { t } = useTranslation();
  const host = (() => {
    try {
      return new URL(preview.url).host;
    } catch {
      return preview.url;
    }
  })();
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        mt: 1.5,
      }}
    >
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
