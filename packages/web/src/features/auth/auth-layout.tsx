import type { ReactNode } from 'react';
import { LightLanguageSelect } from '../../app/light/language-select';
import '../../app/light/light.css';
import { useSession } from '../../app/session';
import { AuthFooter } from './auth-footer';
import { CookieNotice } from './cookie-notice';

/**
 * The frame of the sign-in pages: no navigation, the company's name or logo, a card, the cookie choice
 * below it (until made) and the footer with the legal pages. Built without MUI (app/light), so the
 * sign-in route's first load stays small; it looks like the MUI pages.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { settings } = useSession();
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <div style={{ width: '100%', maxWidth: 440 }}>
        <main>
          <div
            style={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
              marginBottom: 16,
              gap: 16,
            }}
          >
            {settings.show_company_logo && settings.company.logo_url ? (
              <img src={settings.company.logo_url} alt={settings.company.name} style={{ maxHeight: 40 }} />
            ) : (
              <span className="pz-brand">{settings.company.name}</span>
            )}
            <LightLanguageSelect />
          </div>
          <div className="pz-paper">
            <h1 className="pz-h1">{title}</h1>
            {children}
          </div>
          <CookieNotice />
        </main>
        {/* Outside the main landmark, so it is the page's contentinfo like the app's footer. */}
        <AuthFooter />
      </div>
    </div>
  );
}
