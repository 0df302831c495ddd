import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/visually-hidden';
import { openCookieOverlay } from '../cookie-consent';
import { useSession } from '../session';
import { useLang } from '../use-lang';

/** Legal links in the configured order (a new tab, said to screen readers), copyright year and company, cookie settings. */
export function Footer() {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings } = useSession();
  const legal = settings.legal_pages_order.flatMap((type) => {
    const id = settings.pages[type];
    return id ? [{ type, id }] : [];
  });
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', py: 3, px: 2, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Box
        component="nav"
        aria-label={t('app.footer.legal')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 1 }}
      >
        {settings.base_options.show_legal_footer_on_meta &&
          legal.map(({ type, id }) => (
            <Link key={type} href={`/${lang}/page/${id}`} target="_blank" rel="noopener">
              {t(`app.legal.${type}`, { defaultValue: type })}
              <Box component="span" sx={visuallyHidden}>{` ${t('app.footer.new_tab')}`}</Box>
            </Link>
          ))}
        <Link component="button" type="button" onClick={() => openCookieOverlay()}>
          {t('app.footer.cookies')}
        </Link>
      </Box>
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} {settings.company.name}
      </Typography>
    </Box>
  );
}
