import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { tvKeyParam } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MuiTheme } from '../../app/mui-theme';
import { useLang } from '../../app/use-lang';
import { ApiRequestError, call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';
import { visuallyHidden } from '../../lib/visually-hidden';
import { pollIntervalMs } from './slides';
import { TvSlideshow } from './tv-slideshow';

const screen = {
  position: 'fixed',
  inset: 0,
  bgcolor: '#121212',
  color: '#fff',
  overflow: 'hidden',
  fontFamily: 'inherit',
} as const;

/** A full-screen notice: why nothing is shown and what to do. */
function Notice({ title, body }: { title: string; body?: string }) {
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', p: '8vmin' }}>
      <Box sx={{ maxWidth: '120vmin' }}>
        <Typography component="h2" sx={{ fontSize: '5vmin', fontWeight: 700, mb: '3vmin' }}>
          {title}
        </Typography>
        {body && (
          <Typography component="p" sx={{ fontSize: '3.2vmin', lineHeight: 1.5, color: 'grey.300' }}>
            {body}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function TvScreen({ displayKey }: { displayKey: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const feed = useQuery({
    queryKey: ['tv', 'feed', displayKey],
    queryFn: () => call(routes.tv.feed, { query: { key: displayKey ?? '' } }),
    enabled: Boolean(displayKey),
    refetchInterval: (query) => {
      const status = query.state.error instanceof ApiRequestError ? query.state.error.status : 0;
      if (status === 401 || status === 403) return false;
      return pollIntervalMs(query.state.data?.results.length ?? 0);
    },
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: 0,
  });
  const status = feed.error instanceof ApiRequestError ? feed.error.status : null;

  // Where display keys are managed: the navigation's administration entry (app/shell/administration-nav.tsx).
  const place = `${t('menu.administration.title')} → ${t('tv.admin.open_link')}`;
  if (!displayKey || status === 401)
    return <Notice title={t('tv.no_key.title')} body={t('tv.no_key.body', { place })} />;
  if (status === 403)
    return <Notice title={t('tv.invalid_key.title')} body={t('tv.invalid_key.body', { place })} />;
  if (feed.data) {
    if (feed.data.results.length === 0) return <Notice title={t('tv.empty')} />;
    return <TvSlideshow slides={feed.data.results} lang={lang} />;
  }
  if (feed.isError) return <Notice title={t('tv.failed')} />;
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={t('tv.loading')} size="8vmin" />
    </Box>
  );
}

/**
 * The TV slideshow (`/{lang}/bubbletool_tv?key=...`): no sign-in and no navigation; a display key
 * from the address opens the feed. Without a valid key the page says how to get one.
 */
export function TvPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const displayKey = params.get(tvKeyParam);

  useEffect(() => {
    // The key is in the address: never hand it on to another site.
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.append(meta);
    return () => meta.remove();
  }, []);

  return (
    <MuiTheme>
      <Box component="main" sx={screen}>
        <Typography component="h1" sx={visuallyHidden}>
          {t('tv.page_title')}
        </Typography>
        <TvScreen displayKey={displayKey} />
      </Box>
    </MuiTheme>
  );
}
