import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from './chunk-error';
import { LightAlert } from './light/alert';
import { LightButton } from './light/button';

/**
 * The last line of defence: a reload prompt for chunk-load failures, a general error otherwise. Built
 * from light components in the first load, so it shows even when no other chunk can be loaded.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <main style={{ maxWidth: 600, margin: '0 auto', padding: '64px 24px' }}>
      <h1 className="pz-h1" style={{ fontSize: '2.125rem', fontWeight: 400, lineHeight: 1.235 }}>
        {chunk
          ? t('app.chunk_error.title', { defaultValue: 'A new version is available' })
          : t('app.error.title', { defaultValue: 'Something went wrong' })}
      </h1>
      <LightAlert severity={chunk ? 'info' : 'error'} role="alert" style={{ marginBottom: 24 }}>
        {chunk
          ? t('app.chunk_error.text', {
              defaultValue: 'Part of the app could not be loaded. Please reload the page.',
            })
          : t('app.error.text', { defaultValue: 'The page could not be shown. Please try again.' })}
      </LightAlert>
      <LightButton variant="contained" onClick={() => window.location.reload()}>
        {t('app.reload', { defaultValue: 'Reload' })}
      </LightButton>
    </main>
  );
}
