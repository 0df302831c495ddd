import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';

/** One CMS page, in the interface language (a language switch refetches every query). */
export const pageQuery = (id: number) =>
  queryOptions({ queryKey: ['pages', id], queryFn: () => call(routes.pages.get, { params: { id } }) });
