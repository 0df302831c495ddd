import type { Locale } from '@plaza/contract';
import { useContext, useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { AssumedWidth, matchesWidth } from '../../lib/assumed-width';
import { phoneMedia } from '../../lib/phone-width';
import { shortCode, showsLanguageChanger, useLanguageSwitch } from '../language-switch';
import { useSession } from '../session';
import { useLang } from '../use-lang';
import './light.css';

/**
 * Whether the screen has a phone's width; false where media queries cannot be asked (as MUI's hook). A
 * server render, and the browser while it hydrates that page, answer for the width the server assumed.
 */
function usePhoneWidth(): boolean {
  const assumed = useContext(AssumedWidth);
  const supported = typeof window !== 'undefined' && typeof window.matchMedia === 'function';
  return useSyncExternalStore(
    (changed) => {
      if (!supported) return () => undefined;
      const list = window.matchMedia(phoneMedia);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => supported && window.matchMedia(phoneMedia).matches,
    () => matchesWidth(phoneMedia, assumed),
  );
}

/**
 * The language select of the sign-in pages without MUI: a native select, invisible over a box that
 * looks like the app bar's MUI select (small outlined field, floating label; on phones the short code
 * without label, still named Language). The browser's own list opens, which phones show best anyway.
 */
export function LightLanguageSelect() {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings } = useSession();
  const change = useLanguageSwitch();
  const phone = usePhoneWidth();
  const id = useId();
  if (!showsLanguageChanger(settings)) return null;
  const label = t('app.language');
  return (
    <div className={phone ? 'pz-field pz-select pz-select--bare' : 'pz-field pz-select'}>
      {!phone && (
        <label className="pz-field__label" htmlFor={id}>
          {label}
        </label>
      )}
      <div className="pz-field__box">
        <span className="pz-select__value" aria-hidden="true">
          {phone ? shortCode(lang) : t(`app.languages.${lang}`)}
        </span>
        <svg className="pz-select__arrow" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
          <path d="M7 10l5 5 5-5z" />
        </svg>
        <select
          id={id}
          className="pz-select__native"
          value={lang}
          aria-label={phone ? label : undefined}
          onChange={(event) => change(event.target.value as Locale)}
        >
          {settings.languages.map((locale) => (
            <option key={locale} value={locale} lang={locale.replace('_', '-')}>
              {t(`app.languages.${locale}`)}
            </option>
          ))}
        </select>
        <fieldset aria-hidden="true" className="pz-field__outline">
          <legend className="pz-field__legend">{!phone && <span>{label}</span>}</legend>
        </fieldset>
      </div>
    </div>
  );
}
