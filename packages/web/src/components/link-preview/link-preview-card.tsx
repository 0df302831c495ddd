import CloseIcon from '@mui/icons-material/Close';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { LinkPreview } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/visually-hidden';
import { isLinkOnly, linkHost } from './link-only';

/**
 * A link preview as a card: image (the local copy), title, description, host, video link; optional
 * remove button. A link without a preview shows its host and address only.
 */
export function LinkPreviewCard({ preview, onRemove }: { preview: LinkPreview; onRemove?: () => void }) {
  const { t } = useTranslation();
  const host = linkHost(preview.url);
  const plain = isLinkOnly(preview);
  return (
    <Card
      variant="outlined"
      component="figure"
      aria-label={t(plain ? 'link_preview.link_label' : 'link_preview.card_label', { host })}
      sx={{ m: 0, display: 'flex', position: 'relative', flexDirection: { xs: 'column', sm: 'row' } }}
    >
      {preview.image && (
        <Box
          component="img"
          src={preview.image}
          alt=""
          sx={{ width: { xs: '100%', sm: 180 }, maxHeight: 200, objectFit: 'cover', flexShrink: 0 }}
        />
      )}
      <Box component="figcaption" sx={{ p: 2, pr: onRemove ? { xs: 2, sm: 6 } : 2, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {host}
        </Typography>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <Link href={preview.url} target="_blank" rel="noopener noreferrer nofollow" underline="hover">
            {preview.title ?? (plain ? preview.url : host)}
            <Box component="span" sx={visuallyHidden}>
              {` ${t('link_preview.opens_new_tab')}`}
            </Box>
          </Link>
        </Typography>
        {preview.description && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {preview.description}
          </Typography>
        )}
        {preview.video_url && (
          <Link
            href={preview.video_url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1 }}
          >
            <PlayCircleIcon fontSize="small" aria-hidden />
            {t('link_preview.watch_video')}
            <Box component="span" sx={visuallyHidden}>
              {t('link_preview.opens_new_tab')}
            </Box>
          </Link>
        )}
      </Box>
      {onRemove && (
        <IconButton
          aria-label={t('link_preview.remove')}
          onClick={onRemove}
          size="small"
          sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper' }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </Card>
  );
}
