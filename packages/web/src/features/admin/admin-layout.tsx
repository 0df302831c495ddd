import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { adminTextAreas } from '@plaza/contract/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useLang } from '../../app/use-lang';
import { hasTextAreas, loadTextAreas } from '../../lib/i18n';
import { useIsMobile } from '../../lib/use-is-mobile';
import { type AllowedSection, sectionOf, useAllowedSections } from './sections';

/**
 * Whether the administration's texts (contract `adminTextAreas`) are there in the address's language: an
 * administration page brings them (server app-page) and the app has them before it draws (app/first-load); a
 * member's page brings only the members', so opening the administration from there fetches them here.
 * A failed fetch goes to the route's error page.
 */
function useAdminTexts(): boolean {
  const { i18n } = useTranslation();
  const lang = useLang();
  const ready = hasTextAreas(i18n, lang, adminTextAreas);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [, setLoads] = useState(0);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadTextAreas(i18n, lang, adminTextAreas).then(
      () => {
        if (live) setLoads((loads) => loads + 1);
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [i18n, lang, ready]);
  if (failure) throw failure.error;
  return ready;
}

/**
 * The administration `/{lang}/admin/<section>`: one navigation of the sections the member may open
 * (a menu button with a drawer on phones) beside the open section, once its texts are there. A section
 * the member may not open leads to the 403 page.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  const sections = useAllowedSections();
  const current = sectionOf(useLocation().pathname);
  const phone = useIsMobile();
  const [open, setOpen] = useState(false);
  const texts = useAdminTexts();

  if (sections.length === 0 || (current && !sections.some((section) => section.key === current)))
    return <Navigate to={`/${lang}/403`} replace />;
  if (!texts) return <CircularProgress aria-label={t('app.loading')} />;
  const nav = <SectionNav sections={sections} onNavigate={() => setOpen(false)} />;
  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
      {phone ? (
        <Drawer open={open} onClose={() => setOpen(false)}>
          <Box sx={{ width: 260 }}>{nav}</Box>
        </Drawer>
      ) : (
        <Box sx={{ width: 220, flexShrink: 0, position: 'sticky', top: 80 }}>{nav}</Box>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {phone && (
          <Button
            variant="outlined"
            startIcon={<MenuIcon aria-hidden />}
            aria-haspopup="true"
            aria-expanded={open}
            onClick={() => setOpen(true)}
            sx={{ mb: 2 }}
          >
            {t('admin.nav.open')}
          </Button>
        )}
        <Outlet />
      </Box>
    </Box>
  );
}

/** The sections as links; the open one is marked (`aria-current="page"`, NavLink's own). */
function SectionNav({ sections, onNavigate }: { sections: AllowedSection[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Box component="nav" aria-label={t('admin.nav.label')}>
      <Typography
        component="h2"
        variant="overline"
        color="text.secondary"
        sx={{ display: 'block', px: 2, fontWeight: 600 }}
      >
        {t('admin.title')}
      </Typography>
      <List dense sx={{ pt: 0 }}>
        {sections.map((section) => (
          <ListItem key={section.key} disablePadding>
            <ListItemButton
              component={NavLink}
              to={`/${lang}/admin/${section.key}`}
              onClick={onNavigate}
              sx={{ borderRadius: 1, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
            >
              <ListItemText primary={section.title} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** `/{lang}/admin`: the first section the member may open. */
export function AdminHome() {
  const lang = useLang();
  const [first] = useAllowedSections();
  return <Navigate to={first ? `/${lang}/admin/${first.key}` : `/${lang}/403`} replace />;
}
