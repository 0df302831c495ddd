import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface LightboxImage {
  src: string;
  alt: string;
  /** Where the original opens (a new tab), e.g. the file's download address. */
  original: string;
  /** Shown under the image (a gallery's caption). */
  caption?: string | null;
}

/**
 * Images shown large over the page, one at a time: arrow buttons and the arrow keys step through
 * them, Escape or the close button returns to the page (focus goes back to what opened it).
 */
export function ImageLightbox({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: LightboxImage[];
  /** The image shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const open = index !== null && images[index] !== undefined;
  const image = open ? images[index] : undefined;
  const count = images.length;
  const step = (by: number) => index !== null && onIndexChange((index + by + count) % count);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="lg"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (count < 2) return;
        if (event.key === 'ArrowRight') step(1);
        if (event.key === 'ArrowLeft') step(-1);
      }}
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white', m: 1 } } }}
    >
      {image && (
        <Box sx={{ position: 'relative', p: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, pl: 1 }}>
            <Typography id={titleId} component="h2" variant="body2" sx={{ flex: 1 }}>
              {count > 1
                ? t('app.lightbox.title_of', { index: (index ?? 0) + 1, count })
                : t('app.lightbox.title')}
            </Typography>
            <Link href={image.original} target="_blank" rel="noopener" color="inherit" variant="body2">
              {t('app.lightbox.original')}
            </Link>
            <IconButton onClick={onClose} aria-label={t('app.close')} sx={{ color: 'inherit' }}>
              <Close />
            </IconButton>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {count > 1 && (
              <IconButton
                onClick={() => step(-1)}
                aria-label={t('app.lightbox.previous')}
                sx={{ color: 'inherit' }}
              >
                <ChevronLeft />
              </IconButton>
            )}
            <Box
              component="img"
              src={image.src}
              alt={image.alt}
              sx={{
                display: 'block',
                minWidth: 0,
                maxWidth: '100%',
                maxHeight: 'calc(100vh - 120px)',
                mx: 'auto',
                objectFit: 'contain',
              }}
            />
            {count > 1 && (
              <IconButton
                onClick={() => step(1)}
                aria-label={t('app.lightbox.next')}
                sx={{ color: 'inherit' }}
              >
                <ChevronRight />
              </IconButton>
            )}
          </Box>
          {image.caption && (
            <Typography variant="body2" sx={{ textAlign: 'center', mt: 1, px: 1, overflowWrap: 'anywhere' }}>
              {image.caption}
            </Typography>
          )}
        </Box>
      )}
    </Dialog>
  );
}
