import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  consentQuery,
  cookieOverlayEvent,
  cookieOverlayView,
  cookieOverlayWanted,
  fetchConsent,
  localized,
  readConsent,
  saveConsent,
} from './cookie-consent';
import { useSession } from './session';
import { useLang } from './use-lang';

/**
 * The cookie overlay: a main view and a details view with the categories and their providers.
 * `requested`: it was mounted because the footer link asked for it, so it starts open.
 */
export function CookieOverlay({ requested = false }: { requested?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings } = useSession();
  const [open, setOpen] = useState(() => requested || cookieOverlayWanted(settings.show_cookie_layer));
  // Opened by itself (no choice stored yet) it sits at the bottom without blocking the page, so a member's
  // first click after sign-in reaches the page; asked for (footer link) it is a modal dialog.
  const [modal, setModal] = useState(requested);
  const [view, setView] = useState<'main' | 'details'>(() => (requested ? cookieOverlayView() : 'main'));
  const [selected, setSelected] = useState<number[]>(() => readConsent()?.categories ?? [1]);

  useEffect(() => {
    const show = () => {
      setView(cookieOverlayView());
      setModal(true);
      setOpen(true);
    };
    window.addEventListener(cookieOverlayEvent, show);
    return () => window.removeEventListener(cookieOverlayEvent, show);
  }, []);

  const consent = useQuery({
    queryKey: ['consent', consentQuery()],
    queryFn: fetchConsent,
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const config = consent.data?.cookie_config;
  const allIds = config?.cookie_types.map((type) => type.id) ?? [1];

  const finish = (categories: number[], trackAll: boolean) => {
    saveConsent(categories, trackAll);
    window.location.reload();
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => (on ? [...new Set([...current, id])] : current.filter((c) => c !== id)));

  const parts = (
    <>
      <DialogTitle id="cookie-overlay-title">
        {view === 'main' ? t('cookies.title') : t('cookies.details_title')}
      </DialogTitle>
      <DialogContent>
        {view === 'main' ? (
          <Typography>{t('cookies.text')}</Typography>
        ) : (
          config?.cookie_types.map((type) => {
            const required = type.id === 1 || type.required;
            const providers = config.items
              .filter((item) => item.cookie_type === type.id)
              .flatMap((i) => i.provider);
            return (
              <Box
                key={type.id}
                component="section"
                sx={{ mb: 2 }}
                aria-labelledby={`cookie-type-${type.id}`}
              >
                <FormControlLabel
                  control={
                    <Switch
                      checked={required || selected.includes(type.id)}
                      disabled={required}
                      onChange={(event) => toggle(type.id, event.target.checked)}
                    />
                  }
                  label={
                    <Typography id={`cookie-type-${type.id}`} component="span" sx={{ fontWeight: 600 }}>
                      {localized(type.name, lang)}
                    </Typography>
                  }
                />
                <Typography variant="body2" color="text.secondary">
                  {localized(type.description, lang)}
                </Typography>
                {providers.length > 0 && (
                  <Box component="ul" sx={{ pl: 3, my: 1 }}>
                    {providers.map((provider) => (
                      <li key={provider.service_id}>
                        <Typography variant="body2">
                          <strong>{provider.name}</strong>: {localized(provider.description, lang)}
                          {provider.cookies.length > 0 &&
                            ` (${t('cookies.cookie_names')}: ${provider.cookies.join(', ')})`}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                )}
              </Box>
            );
          })
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {view === 'main' ? (
          <>
            <Button onClick={() => setView('details')}>{t('cookies.details')}</Button>
            <Button variant="outlined" onClick={() => finish([1], false)}>
              {t('cookies.necessary_only')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setView('main')}>{t('cookies.back')}</Button>
            <Button
              variant="outlined"
              onClick={() =>
                finish(
                  selected,
                  allIds.every((id) => id === 1 || selected.includes(id)),
                )
              }
            >
              {t('cookies.save')}
            </Button>
          </>
        )}
        <Button variant="contained" onClick={() => finish(allIds, true)}>
          {t('cookies.accept_all')}
        </Button>
      </DialogActions>
    </>
  );
  if (modal)
    return (
      <Dialog open={open} aria-labelledby="cookie-overlay-title" maxWidth="sm" fullWidth>
        {parts}
      </Dialog>
    );
  if (!open) return null;
  // A non-modal dialog: no backdrop, no focus trap, the page stays usable and visible to screen readers.
  return (
    <Paper
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-overlay-title"
      elevation={8}
      sx={{
        position: 'fixed',
        zIndex: 'modal',
        bottom: 16,
        left: 16,
        right: 16,
        mx: 'auto',
        maxWidth: 600,
        maxHeight: 'calc(100vh - 32px)',
        overflowY: 'auto',
      }}
    >
      {parts}
    </Paper>
  );
}
