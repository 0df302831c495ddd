import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';
import { inputOf, type SsoDraft } from './sso-draft';

export const ssoQuery = queryOptions({
  queryKey: ['admin-sso'] as const,
  queryFn: () => call(routes.admin.sso),
});

/** Saves the providers; the server checks each enabled issuer's discovery first. */
export const saveSso = (draft: SsoDraft) => call(routes.admin.updateSso, { body: inputOf(draft) });
