import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { Occasion } from '@plaza/contract/occasions';
import { useQuery } from '@tanstack/react-query';
import { type FocusEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useMedia } from '../../lib/use-media';
import { occasionFeedLimit, occasionFeedQuery } from './api/occasions';
import { OccasionCard } from './occasion-card';

/** How long a position of the carousel shows before it moves on by one (not in the spec: 5 s like the top teaser). */
export const occasionsSliderIntervalMs = 5_000;

/**
 * Coming birthdays and anniversaries for the activity feed and the dashboard: a carousel that moves on
 * every 5 s (paused on hover or focus, by its pause button, and not started when the system asks for
 * reduced motion) with previous and next buttons; on phones the first 6 as a list instead. A
 * show-all button opens `/{locale}/occasions`; each tile opens the person's profile.
 */
export function OccasionsSlider() {
  const { t } = useTranslation();
  const lang = useLang();
  const headingId = useId();
  const mobile = useIsMobile();
  const limit = occasionFeedLimit(mobile);
  const feed = useQuery(occasionFeedQuery(limit));
  const items = (feed.data ?? []).slice(0, limit);

  let body: React.ReactNode;
  if (feed.isPending) {
    body = (
      // The carousel's height (a row of tiles with its buttons) is kept while it loads: the dashboard's post
      // box and stream below it then stay where they first appear.
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3, minHeight: mobile ? undefined : 212 }}>
        <CircularProgress size={28} aria-label={t('occasions.loading')} />
      </Box>
    );
  } else if (feed.isError && !feed.data) {
    body = <Typography color="text.secondary">{t('occasions.slider.load_failed')}</Typography>;
  } else if (items.length === 0) {
    body = <Typography color="text.secondary">{t('occasions.slider.empty')}</Typography>;
  } else if (mobile) {
    body = <OccasionsFeed items={items} />;
  } else {
    body = <OccasionsCarousel items={items} labelledBy={headingId} />;
  }

  return (
    <Paper component="section" variant="outlined" data-widget="occasions-slider" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h2" sx={{ flexGrow: 1, fontSize: '1.25rem' }}>
          {t('occasions.slider.title')}
        </Typography>
        <Button component={RouterLink} to={`/${lang}/occasions`} size="small">
          {t('occasions.slider.show_all')}
        </Button>
      </Box>
      {body}
    </Paper>
  );
}

/** The small-screen feed: the occasions as a list of rows. */
function OccasionsFeed({ items }: { items: Occasion[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('occasions.slider.label')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {items.map((occasion) => (
        <li key={occasion.id}>
          <OccasionCard occasion={occasion} avatarSize={48} compact />
        </li>
      ))}
    </Box>
  );
}

/** The carousel: 2 or 3 tiles at a time, moving on by one; the buttons step by one too. */
function OccasionsCarousel({ items, labelledBy }: { items: Occasion[]; labelledBy: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const reducedMotion = useMedia('(prefers-reduced-motion: reduce)');
  const wide = useMedia(theme.breakpoints.up('md'));
  const perView = Math.min(wide ? 3 : 2, items.length);
  const cycles = items.length > perView;
  const [start, setStart] = useState(0);
  const [playing, setPlaying] = useState(!reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const running = cycles && playing && !hovered && !focused;

  useEffect(() => {
    if (reducedMotion) setPlaying(false);
  }, [reducedMotion]);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => setStart((value) => (value + 1) % items.length),
      occasionsSliderIntervalMs,
    );
    return () => clearInterval(timer);
  }, [running, items.length]);

  const step = (by: number) => setStart((value) => (value + by + items.length) % items.length);
  const shown = Array.from({ length: perView }, (_, k) => (start + k) % items.length);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <Box
      role="region"
      aria-roledescription={t('occasions.slider.roledescription')}
      aria-labelledby={labelledBy}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {cycles && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5, mb: 1 }}>
          <IconButton
            size="small"
            onClick={() => setPlaying((value) => !value)}
            aria-label={playing ? t('occasions.slider.pause') : t('occasions.slider.play')}
          >
            {playing ? <Pause /> : <PlayArrow />}
          </IconButton>
          <IconButton size="small" onClick={() => step(-1)} aria-label={t('occasions.slider.previous')}>
            <ChevronLeft />
          </IconButton>
          <IconButton size="small" onClick={() => step(1)} aria-label={t('occasions.slider.next')}>
            <ChevronRight />
          </IconButton>
        </Box>
      )}
      <Box
        aria-live={running ? 'off' : 'polite'}
        sx={{ display: 'grid', gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))`, gap: 1.5 }}
      >
        {shown.map((index) => {
          const occasion = items[index]!;
          return (
            <Box
              key={`${occasion.id}-${start}`}
              role="group"
              aria-roledescription={t('occasions.slider.slide_role')}
              aria-label={t('occasions.slider.slide', { index: index + 1, total: items.length })}
              sx={
                reducedMotion
                  ? undefined
                  : {
                      animation: 'pz-occasion-in 400ms ease-out',
                      '@keyframes pz-occasion-in': { from: { opacity: 0 }, to: { opacity: 1 } },
                    }
              }
            >
              <OccasionCard occasion={occasion} avatarSize={64} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
