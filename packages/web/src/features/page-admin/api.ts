import type { AdminPage, PageDraftInput, PageType } from '@plaza/contract';
import { limits } from '@plaza/contract/constants';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';

/** Query keys of the page administration; every change refreshes the list. */
export const pageAdminKeys = {
  all: ['page-admin'] as const,
  list: (type: PageType | null) => [...pageAdminKeys.all, 'list', type ?? 'all'] as const,
  page: (id: number) => [...pageAdminKeys.all, 'page', id] as const,
  preview: (previewId: string) => [...pageAdminKeys.all, 'preview', previewId] as const,
};

/** The pages, newest change first, 50 a call; `before` continues after the last id. */
export const adminPagesQuery = (type: PageType | null) =>
  infiniteQueryOptions({
    queryKey: pageAdminKeys.list(type),
    queryFn: ({ pageParam }) =>
      call(routes.pages.adminList, { query: { before: pageParam ?? undefined, type: type ?? undefined } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });

/** One page's draft and status. */
export const adminPageQuery = (id: number) =>
  queryOptions({
    queryKey: pageAdminKeys.page(id),
    queryFn: () => call(routes.pages.adminGet, { params: { id } }),
  });

/**
 * The saved draft as readers would see it (`GET previews/{id}`): the editor takes the addresses of
 * gallery and share images, file details and the names of chosen pages and members from it.
 */
export const previewQuery = (previewId: string) =>
  queryOptions({
    queryKey: pageAdminKeys.preview(previewId),
    queryFn: () => call(routes.pages.preview, { params: { id: previewId } }),
    staleTime: 60_000,
  });

/** Categories of the news stream, for the article teaser modules. */
export const newsCategoriesQuery = () =>
  queryOptions({
    queryKey: ['news', 'filters'],
    queryFn: async () => {
      const { results } = await call(routes.news.filters);
      return results
        .filter((filter) => filter.identifier === 'category')
        .flatMap((filter) => filter.properties)
        .map((property) => ({ id: Number(property.id), name: property.value }))
        .filter((category) => Number.isInteger(category.id));
    },
    staleTime: 300_000,
  });

/** Every group, for the stream widget. */
export const groupsQuery = () =>
  queryOptions({
    queryKey: ['page-admin', 'groups'],
    queryFn: async () =>
      (await call(routes.groups.list, { query: { type: 'all', per_page: limits.maxPageSize } })).results,
    staleTime: 300_000,
  });

/** Members matching a text (the quick people search). */
export async function searchMembers(q: string) {
  return (await call(routes.directory.search, { query: { q } })).results;
}

function useKeep() {
  const client = useQueryClient();
  return (page: AdminPage) => {
    client.setQueryData(pageAdminKeys.page(page.id), page);
    void client.invalidateQueries({ queryKey: [...pageAdminKeys.all, 'list'] });
    void client.invalidateQueries({ queryKey: pageAdminKeys.preview(page.preview_id) });
  };
}

/** Creates a page from a draft (unpublished). */
export function useCreatePage() {
  const keep = useKeep();
  return useMutation({
    mutationFn: (body: PageDraftInput) => call(routes.pages.adminCreate, { body }),
    onSuccess: keep,
  });
}

/** Saves a page's draft. */
export function useSavePage(id: number) {
  const keep = useKeep();
  return useMutation({
    mutationFn: (body: PageDraftInput) => call(routes.pages.adminSave, { params: { id }, body }),
    onSuccess: keep,
  });
}

/** Publishes the saved draft, or takes the page offline. */
export function usePublishPage(id: number) {
  const keep = useKeep();
  return useMutation({
    mutationFn: (publish: boolean) =>
      call(publish ? routes.pages.adminPublish : routes.pages.adminUnpublish, { params: { id } }),
    onSuccess: keep,
  });
}

/** Names the page in the settings' pages map under these keys (and under no other). */
export function useAssignPage(id: number) {
  const keep = useKeep();
  return useMutation({
    mutationFn: (keys: string[]) => call(routes.pages.adminAssign, { params: { id }, body: { keys } }),
    onSuccess: keep,
  });
}

/** Deletes a page. */
export function useDeletePage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.pages.adminDelete, { params: { id } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: pageAdminKeys.page(id) });
      void client.invalidateQueries({ queryKey: [...pageAdminKeys.all, 'list'] });
    },
  });
}

/** Uploads an image for a gallery or the share options. */
export const uploadPageImage = (id: number, file: File) =>
  upload(routes.pages.adminUploadImage, file, { params: { id } });

/** Uploads a file for a downloads module. */
export const uploadPageFile = (id: number, file: File) =>
  upload(routes.pages.adminUploadFile, file, { params: { id } });
