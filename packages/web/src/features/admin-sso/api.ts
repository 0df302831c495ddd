import { endpoints } from '@plaza/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { inputOf, type SsoDraft } from './sso-draft';

export const ssoQuery = queryOptions({
  queryKey: ['admin-sso'] as const,
  queryFn: () => call(endpoints.admin.sso),
});

/** Saves the providers; the server checks each enabled issuer's discovery first. */
export const saveSso = (draft: SsoDraft) => call(endpoints.admin.updateSso, { body: inputOf(draft) });
