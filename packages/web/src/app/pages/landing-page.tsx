import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { PageView } from '../../features/pages/page-view';
import { landingRedirect } from '../guard';
import { useSession } from '../session';
import { useLang } from '../use-lang';

/**
 * The landing page for visitors (spec 1): the CMS page the settings' pages map names `landing`, under
 * the member login button; without one (only reached through a stale session), a short welcome.
 */
export function LandingPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings } = useSession();
  const landingId = settings.pages.landing;
  if (landingId) {
    return (
      <>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button variant="contained" component={RouterLink} to={`/${lang}/login`}>
            {t('landing.member_login')}
          </Button>
        </Box>
        <PageView key={landingId} id={landingId} />
      </>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, maxWidth: 720, mx: 'auto', textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        {t('landing.title', { company: settings.company.name })}
      </Typography>
      <Typography sx={{ mb: 4 }}>{t('landing.text')}</Typography>
      <Button variant="contained" size="large" component={RouterLink} to={`/${lang}/login`}>
        {t('landing.member_login')}
      </Button>
    </Paper>
  );
}

/** `/landing`: members go on to the dashboard (or 404 with no landing page); visitors see it or sign in. */
export function LandingRoute() {
  const lang = useLang();
  const session = useSession();
  const target = landingRedirect(session.status, lang, session.settings.pages.landing);
  return target ? <Navigate to={target} replace /> : <LandingPage />;
}
