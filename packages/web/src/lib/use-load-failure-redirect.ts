import { defaultLocale, isLocale } from '@plaza/contract/constants';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiRequestError } from './api-client';

/** The error route for a failed load: `/{lang}/403`, `/{lang}/404`, else `/{lang}/error`. */
export function loadFailureRoute(lang: string, error: unknown): string {
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 403) return `/${lang}/403`;
  if (status === 404) return `/${lang}/404`;
  return `/${lang}/error`;
}

/** Sends the browser to the error route of a failed load (replacing the page that failed). */
export function useLoadFailureRedirect(error: unknown): void {
  const navigate = useNavigate();
  const { lang } = useParams();
  const locale = isLocale(lang) ? lang : defaultLocale;
  useEffect(() => {
    if (error) navigate(loadFailureRoute(locale, error), { replace: true });
  }, [error, locale, navigate]);
}
