import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TvPost } from '@plaza/contract';
import { dateFormats, type Locale } from '@plaza/contract/constants';
import { useTranslation } from 'react-i18next';
import { FallbackAvatar } from '../../components/fallback-avatar';
import { RichHtml } from '../../components/rich-html';
import { formatDate } from '../../lib/dates';
import { QrCode } from './qr-code';
import { postFontVmin, slideKind } from './slides';

/**
 * Sizes relative to the screen's shorter side (its height on a landscape TV), so a 1080p TV and a
 * 1366 x 768 laptop look alike, and a portrait screen or a phone scales by its width instead of
 * growing the byline and the QR code wider than the screen.
 */
const vmin = (value: number) => `${value}vmin`;
/** A screen taller than wide: the post's text takes the full width, the QR code goes below it. */
const portrait = '@media (orientation: portrait)';

function Byline({ slide, lang, compact = false }: { slide: TvPost; lang: Locale; compact?: boolean }) {
  const date = `${formatDate(slide.created_at, dateFormats.occasion, lang)}, ${formatDate(slide.created_at, dateFormats.time, lang)}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: vmin(2), minWidth: 0 }}>
      <Box
        sx={{
          flexShrink: 0,
          '& .MuiAvatar-root': { width: vmin(compact ? 7 : 11), height: vmin(compact ? 7 : 11) },
        }}
      >
        <FallbackAvatar src={slide.author.avatar} size={120} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="p"
          sx={{ fontSize: vmin(compact ? 3.2 : 4.4), fontWeight: 700, lineHeight: 1.2 }}
          noWrap
        >
          {slide.author.name}
        </Typography>
        <Typography component="p" sx={{ fontSize: vmin(compact ? 2.4 : 2.8), color: 'grey.400' }}>
          <time dateTime={slide.created_at}>{date}</time>
        </Typography>
      </Box>
    </Box>
  );
}

function Qr({ slide, size }: { slide: TvPost; size: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vmin(1), flexShrink: 0 }}>
      <Box
        sx={{
          width: vmin(size),
          height: vmin(size),
          '& img': { width: '100% !important', height: '100% !important' },
        }}
      >
        <QrCode text={slide.link} label={t('tv.qr_label')} size={240} />
      </Box>
      <Typography
        component="p"
        sx={{ fontSize: vmin(2.2), color: 'grey.300', textAlign: 'center', maxWidth: vmin(size + 4) }}
      >
        {t('tv.qr_hint')}
      </Typography>
    </Box>
  );
}

function PostSlide({ slide, lang }: { slide: TvPost; lang: Locale }) {
  return (
    <Box
      sx={{
        height: '100%',
        display: 'flex',
        gap: vmin(6),
        p: `${vmin(7)} ${vmin(8)}`,
        boxSizing: 'border-box',
        [portrait]: { flexDirection: 'column', gap: vmin(4) },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vmin(4) }}>
        <Byline slide={slide} lang={lang} />
        <RichHtml
          html={slide.content}
          sx={{
            flex: 1,
            overflow: 'hidden',
            fontSize: vmin(postFontVmin(slide.content)),
            lineHeight: 1.35,
            minHeight: 0,
            overflowWrap: 'break-word',
            maskImage: 'linear-gradient(to bottom, #000 85%, transparent)',
            '& p': { my: vmin(1.2) },
            '& h2, & h3, & h4': { fontSize: '1.2em', my: vmin(1.5) },
            '& img': { maxHeight: vmin(30) },
            '& a': { color: 'inherit', textDecoration: 'underline' },
            '& .mention, & [data-type="mention"]': { color: 'inherit', fontWeight: 700 },
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', [portrait]: { justifyContent: 'center' } }}>
        <Qr slide={slide} size={26} />
      </Box>
    </Box>
  );
}

function ImageSlide({ slide, lang }: { slide: TvPost; lang: Locale }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="img"
        src={slide.image ?? undefined}
        alt={t('tv.image_alt', { name: slide.author.name })}
        sx={{ flex: 1, minHeight: 0, width: '100%', objectFit: 'contain', bgcolor: '#000' }}
      />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: vmin(4),
          p: `${vmin(2)} ${vmin(6)}`,
          bgcolor: 'grey.900',
        }}
      >
        <Byline slide={slide} lang={lang} compact />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: vmin(2) }}>
          <Typography
            component="p"
            sx={{ fontSize: vmin(2.2), color: 'grey.300', maxWidth: vmin(20), textAlign: 'right' }}
          >
            {t('tv.qr_hint')}
          </Typography>
          <Box
            sx={{
              width: vmin(14),
              height: vmin(14),
              '& img': { width: '100% !important', height: '100% !important' },
            }}
          >
            <QrCode text={slide.link} label={t('tv.qr_label')} size={160} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/** One slide of the TV slideshow by its kind: a post, an image, or a placeholder text. */
export function TvSlide({ slide, lang }: { slide: TvPost; lang: Locale }) {
  const { t } = useTranslation();
  const kind = slideKind(slide);
  if (kind === 'post') return <PostSlide slide={slide} lang={lang} />;
  if (kind === 'image') return <ImageSlide slide={slide} lang={lang} />;
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', p: vmin(8) }}>
      <Typography component="p" sx={{ fontSize: vmin(4), color: 'grey.300', textAlign: 'center' }}>
        {t('tv.placeholder')}
      </Typography>
    </Box>
  );
}
