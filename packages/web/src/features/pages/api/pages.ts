import { endpoints } from '@plaza/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** One CMS page, in the interface language (a language switch refetches every query). */
export const pageQuery = (id: number) =>
  queryOptions({ queryKey: ['pages', id], queryFn: () => call(endpoints.pages.get, { params: { id } }) });
