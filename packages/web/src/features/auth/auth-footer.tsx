import { useTranslation } from 'react-i18next';
import { openCookieOverlay } from '../../app/cookie-consent';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { visuallyHidden } from '../../lib/visually-hidden';

/**
 * The sign-in pages' footer, like the app's (app/shell/footer.tsx) but without MUI: the legal pages in
 * the configured order (new tab), the cookie settings the cookie text points to, copyright year and
 * company.
 */
export function AuthFooter() {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings } = useSession();
  const legal = settings.base_options.show_legal_footer_on_meta
    ? settings.legal_pages_order.flatMap((type) => {
        const id = settings.pages[type];
        return id ? [{ type, id }] : [];
      })
    : [];
  return (
    <footer style={{ marginTop: 24 }}>
      <nav
        aria-label={t('app.footer.legal')}
        style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 16px', justifyContent: 'center' }}
      >
        {legal.map(({ type, id }) => (
          <a
            key={type}
            className="pz-link pz-body2"
            href={`/${lang}/page/${id}`}
            target="_blank"
            rel="noopener"
          >
            {t(`app.legal.${type}`, { defaultValue: type })}
            <span style={visuallyHidden}>{` ${t('app.footer.new_tab')}`}</span>
          </a>
        ))}
        <button type="button" className="pz-link-button pz-body2" onClick={() => openCookieOverlay()}>
          {t('app.footer.cookies')}
        </button>
      </nav>
      <p className="pz-body2 pz-muted" style={{ textAlign: 'center', marginTop: 8 }}>
        © {new Date().getFullYear()} {settings.company.name}
      </p>
    </footer>
  );
}
