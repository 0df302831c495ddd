import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cookieOverlayWanted, fetchConsent, openCookieOverlay, saveConsent } from '../../app/cookie-consent';
import { LightButton } from '../../app/light/button';
import { useSession } from '../../app/session';

/**
 * The cookie choice of the sign-in pages, in the page's flow below the form and drawn with the page
 * (no overlay loaded later that covers the form). 'Settings' opens the overlay's details view; the
 * choice reloads the page like the overlay's.
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const { settings } = useSession();
  const [wanted] = useState(() => cookieOverlayWanted(settings.show_cookie_layer));
  const [busy, setBusy] = useState(false);
  if (!wanted) return null;
  const finish = (categories: number[], trackAll: boolean) => {
    saveConsent(categories, trackAll);
    window.location.reload();
  };
  // Every category of the deployment's cookie config, asked for only now.
  const acceptAll = async () => {
    setBusy(true);
    try {
      const { cookie_config } = await fetchConsent();
      finish(
        cookie_config.cookie_types.map((type) => type.id),
        true,
      );
    } catch {
      setBusy(false);
    }
  };
  return (
    <section
      className="pz-paper"
      aria-labelledby="cookie-notice-title"
      style={{ marginTop: 16, padding: 20 }}
    >
      <h2 id="cookie-notice-title" className="pz-body1" style={{ fontWeight: 600, marginBottom: 8 }}>
        {t('cookies.title')}
      </h2>
      <p className="pz-body2">{t('cookies.text')}</p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 12, justifyContent: 'flex-end' }}>
        <LightButton onClick={() => openCookieOverlay('details')}>{t('cookies.details')}</LightButton>
        <LightButton variant="outlined" onClick={() => finish([1], false)}>
          {t('cookies.necessary_only')}
        </LightButton>
        <LightButton variant="contained" disabled={busy} onClick={acceptAll}>
          {t('cookies.accept_all')}
        </LightButton>
      </div>
    </section>
  );
}
