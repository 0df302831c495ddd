import type { TFunction } from 'i18next';
import { ApiRequestError } from './api-client';

/** The text for a failed call: the translation of its error code, else the server's message. */
export function apiErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiRequestError) {
    return t(`errors.codes.${error.code}`, { defaultValue: error.message });
  }
  return t('errors.codes.internal');
}
