import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../../lib/use-opened-once';

/** How far down (px) the button appears. */
const threshold = 400;

/**
 * Whether the page is scrolled past `threshold`. Read on scroll only, never while rendering: reading the
 * scroll position then made the browser lay out the half-built page in the middle of the first render.
 */
function useScrolledDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    const update = () => setDown(window.scrollY > threshold);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return down;
}

/** A button that appears after scrolling and brings the page back to the top. */
export function BackToTop() {
  const { t } = useTranslation();
  const visible = useScrolledDown();
  // The button exists once it was first needed (it zooms in and out after that), not with the first screen.
  const shown = useOpenedOnce(visible);
  if (!shown) return null;
  return (
    <Zoom in={visible} appear>
      <Fab
        size="small"
        color="primary"
        aria-label={t('app.back_to_top')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', right: 24, bottom: 24 }}
      >
        <KeyboardArrowUp />
      </Fab>
    </Zoom>
  );
}
