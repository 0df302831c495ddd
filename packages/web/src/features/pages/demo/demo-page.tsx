import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { useLang } from '../../../app/use-lang';
import { PageModules } from '../modules/page-modules';
import { demoModules } from './sample-modules';

/** `/{lang}/dummy`: the demo page, every content module with sample content (spec 1; not a real page). */
export function DemoPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings } = useSession();
  const modules = useMemo(() => demoModules(lang, settings.pages), [lang, settings.pages]);
  return (
    <Box component="article" aria-labelledby="page-title" sx={{ maxWidth: 960, minWidth: 0 }}>
      <Typography id="page-title" variant="h1" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
        {t('pages.demo.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('pages.demo.text')}
      </Typography>
      <PageModules modules={modules} />
    </Box>
  );
}
