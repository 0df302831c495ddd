import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Article } from '@plaza/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { useMedia } from '../../lib/use-media';
import { slideImage } from './slide-image';

/**
 * A slider of articles (the news stream's top teaser, the pages' top teaser and article teaser
 * modules), turning every `interval` ms (spec 9: 5000 for the top teaser). It stops while paused,
 * while the pointer or focus is inside, and when the member prefers reduced motion; without
 * `autoplay` it starts paused. Previous and next buttons move by hand.
 */
export function TeaserSlider({
  articles,
  interval,
  autoplay = true,
  label,
  slideHeading = 'h2',
}: {
  articles: Article[];
  interval: number;
  autoplay?: boolean;
  /** The slider's accessible name; the top stories by default. */
  label?: string;
  /** The heading level of a slide's title: below the module's own heading on a CMS page. */
  slideHeading?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const lang = useLang();
  // Read at once (not after a first render), so a member who prefers reduced motion never sees a turn.
  const reducedMotion = useMedia('(prefers-reduced-motion: reduce)');
  const [index, setIndex] = useState(0);
  // Reduced motion starts paused; the play button still lets the member start it on purpose.
  const [paused, setPaused] = useState(!autoplay || reducedMotion);
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (reducedMotion) setPaused(true);
  }, [reducedMotion]);
  const count = articles.length;
  const rotating = count > 1 && !paused && !hovered;
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), interval);
    return () => clearInterval(timer);
  }, [rotating, count, interval]);
  if (count === 0) return null;
  const article = articles[index % count] as Article;
  const image = slideImage(article);
  const move = (step: number) => setIndex((current) => (current + step + count) % count);
  return (
    <Box
      component="section"
      aria-roledescription={t('news.slider.role')}
      aria-label={label ?? t('news.slider.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHovered(false);
      }}
      sx={{
        position: 'relative',
        borderRadius: 2,
        overflow: 'hidden',
        mb: 3,
        bgcolor: 'grey.900',
        color: '#fff',
      }}
    >
      <Box
        role="group"
        aria-roledescription={t('news.slider.slide')}
        aria-label={t('news.slider.position', { index: index + 1, count })}
        aria-live={rotating ? 'off' : 'polite'}
        sx={{ position: 'relative', minHeight: { xs: 220, sm: 300 } }}
      >
        {image && (
          <Box
            component="img"
            src={image}
            alt=""
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              opacity: 0.55,
            }}
          />
        )}
        <Box sx={{ position: 'relative', p: { xs: 2, sm: 4 }, pb: { xs: 8, sm: 8 }, maxWidth: 720 }}>
          <Typography
            variant="h2"
            component={slideHeading}
            sx={{ fontSize: { xs: '1.35rem', sm: '1.75rem' }, mb: 1 }}
          >
            <Link component={RouterLink} to={`/${lang}/news/${article.id}`} color="inherit" underline="hover">
              {article.title}
            </Link>
          </Typography>
          <Typography sx={{ display: { xs: 'none', sm: 'block' } }}>{article.teaser}</Typography>
        </Box>
      </Box>
      {count > 1 && (
        <Box
          sx={{ position: 'absolute', right: 8, bottom: 8, display: 'flex', gap: 0.5, alignItems: 'center' }}
        >
          <IconButton aria-label={t('news.slider.previous')} onClick={() => move(-1)} sx={controlSx}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label={paused ? t('news.slider.play') : t('news.slider.pause')}
            onClick={() => setPaused((value) => !value)}
            sx={controlSx}
          >
            {paused ? <PlayArrowIcon /> : <PauseIcon />}
          </IconButton>
          <IconButton aria-label={t('news.slider.next')} onClick={() => move(1)} sx={controlSx}>
            <ChevronRightIcon />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}

const controlSx = { color: '#fff', bgcolor: 'rgba(0,0,0,0.55)', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } };
