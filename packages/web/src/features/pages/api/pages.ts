import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';

/** Query keys of the pages feature (`['pages', ...]`). */
export const pageKeys = {
  all: ['pages'] as const,
  page: (id: number, viewer: string) => [...pageKeys.all, id, viewer] as const,
  preview: (id: string) => [...pageKeys.all, 'preview', id] as const,
};

/**
 * One CMS page, in the interface language (a language switch refetches every query). Kept per kind of
 * viewer (the session's status): a visitor's limited answer must not stand in for the page once they
 * have signed in.
 */
export const pageQuery = (id: number, viewer: string) =>
  queryOptions({
    queryKey: pageKeys.page(id, viewer),
    queryFn: () => call(routes.pages.get, { params: { id } }),
  });

/** The unpublished version of a page, by its random preview id. */
export const previewQuery = (id: string) =>
  queryOptions({
    queryKey: pageKeys.preview(id),
    queryFn: () => call(routes.pages.preview, { params: { id } }),
    // A preview shows the draft as it is now: the editor may have saved since.
    staleTime: 0,
  });
