import Box from '@mui/material/Box';
import type { TvPost } from '@plaza/contract';
import { type Locale, timings } from '@plaza/contract/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nearSlides, nextSlide } from './slides';
import { TvSlide } from './tv-slide';

/**
 * The fade carousel: every slide stacked, the current one faded in, the next one after
 * `timings.tvSlideMs`. Hidden slides are inert and hidden from assistive technology. Only the slides
 * next to the current one are drawn (the one fading out, the shown one, the one coming): the feed holds up to
 * `tvFeedSize` slides, each with its rich text, image and QR code, and the screen starts faster without them.
 */
export function TvSlideshow({ slides, lang }: { slides: TvPost[]; lang: Locale }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const count = slides.length;
  const current = count > 0 ? Math.min(index, count - 1) : 0;
  const near = nearSlides(current, count);

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((now) => nextSlide(now, count)), timings.tvSlideMs);
    return () => clearInterval(timer);
  }, [count]);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={t('tv.slides_label')}
      sx={{ position: 'relative', width: '100%', height: '100%' }}
    >
      {slides.map((slide, position) => {
        const shown = position === current;
        return (
          <Box
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t('tv.slide_label', { current: position + 1, total: count })}
            aria-hidden={shown ? undefined : true}
            inert={!shown}
            data-slide-id={slide.id}
            data-active={shown}
            sx={{
              position: 'absolute',
              inset: 0,
              opacity: shown ? 1 : 0,
              transition: 'opacity 1.2s ease-in-out',
              '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
            }}
          >
            {near.has(position) && <TvSlide slide={slide} lang={lang} />}
          </Box>
        );
      })}
      {count > 1 && (
        <Box
          aria-hidden
          sx={{ position: 'absolute', top: '2vmin', right: '3vmin', display: 'flex', gap: '0.8vmin' }}
        >
          {slides.map((slide, position) => (
            <Box
              key={slide.id}
              sx={{
                width: '1.4vmin',
                height: '1.4vmin',
                borderRadius: '50%',
                bgcolor: position === current ? 'primary.light' : 'grey.700',
              }}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
