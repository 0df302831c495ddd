import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The list's intro (spec 2 "Jobs"): title and subtitle, and the three steps and notice, which fold away. */
export function JobsIntro() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const panelId = useId();
  const stepsId = useId();
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('jobs.intro.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('jobs.intro.subtitle')}
      </Typography>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        endIcon={open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
      >
        {open ? t('jobs.intro.hide') : t('jobs.intro.show')}
      </Button>
      <Collapse in={open} id={panelId}>
        <Box sx={{ pt: 1 }}>
          <Typography id={stepsId} variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
            {t('jobs.intro.steps_label')}
          </Typography>
          <Box component="ol" aria-labelledby={stepsId} sx={{ pl: 3, my: 0 }}>
            {(['step_1', 'step_2', 'step_3'] as const).map((step) => (
              <Typography component="li" key={step} sx={{ mb: 0.5 }}>
                {t(`jobs.intro.${step}`)}
              </Typography>
            ))}
          </Box>
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {t('jobs.intro.notice')}
          </Alert>
        </Box>
      </Collapse>
    </Box>
  );
}
