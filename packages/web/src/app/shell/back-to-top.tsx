import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import Zoom from '@mui/material/Zoom';
import { useTranslation } from 'react-i18next';

/** A button that appears after scrolling and brings the page back to the top. */
export function BackToTop() {
  const { t } = useTranslation();
  const visible = useScrollTrigger({ disableHysteresis: true, threshold: 400 });
  return (
    <Zoom in={visible}>
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
