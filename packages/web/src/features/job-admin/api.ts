import type { AdminJob, JobInput, JobState } from '@plaza/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';

/** Query keys of the jobs administration; every change refreshes the lists (and the members' jobs). */
export const jobAdminKeys = {
  all: ['job-admin'] as const,
  list: (state: JobState | null) => [...jobAdminKeys.all, 'list', state ?? 'all'] as const,
  job: (id: number) => [...jobAdminKeys.all, 'job', id] as const,
  locations: () => [...jobAdminKeys.all, 'locations'] as const,
};

/** The jobs, newest first, 50 a call; `before` continues after the last id. */
export const adminJobsQuery = (state: JobState | null) =>
  infiniteQueryOptions({
    queryKey: jobAdminKeys.list(state),
    queryFn: ({ pageParam }) =>
      call(routes.jobs.adminList, {
        query: { before: pageParam ?? undefined, state: state ?? undefined },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });

export const adminJobQuery = (id: number) =>
  queryOptions({
    queryKey: jobAdminKeys.job(id),
    queryFn: () => call(routes.jobs.adminGet, { params: { id } }),
  });

/** The locations a job may name. */
export const jobLocationsQuery = () =>
  queryOptions({
    queryKey: jobAdminKeys.locations(),
    queryFn: () => call(routes.jobs.adminLocations),
    select: (data) => data.results,
    staleTime: 60_000,
  });

function useKeep() {
  const client = useQueryClient();
  return (job: AdminJob) => {
    client.setQueryData(jobAdminKeys.job(job.id), job);
    void client.invalidateQueries({ queryKey: [...jobAdminKeys.all, 'list'] });
    void client.invalidateQueries({ queryKey: ['jobs'] });
  };
}

export function useCreateJob() {
  const keep = useKeep();
  return useMutation({
    mutationFn: (input: JobInput) => call(routes.jobs.adminCreate, { body: input }),
    onSuccess: keep,
  });
}

export function useSaveJob(id: number) {
  const keep = useKeep();
  return useMutation({
    mutationFn: (input: JobInput) => call(routes.jobs.adminSave, { params: { id }, body: input }),
    onSuccess: keep,
  });
}

/** Publish, close, or set or remove the image: each answers the job. */
export function useJobAction(id: number) {
  const keep = useKeep();
  return useMutation({
    mutationFn: (action: { kind: 'publish' | 'close' | 'remove_image' } | { kind: 'image'; file: File }) => {
      if (action.kind === 'image')
        return upload(routes.jobs.adminUploadImage, action.file, { params: { id } });
      if (action.kind === 'publish') return call(routes.jobs.adminPublish, { params: { id } });
      if (action.kind === 'close') return call(routes.jobs.adminClose, { params: { id } });
      return call(routes.jobs.adminRemoveImage, { params: { id } });
    },
    onSuccess: keep,
  });
}

export function useDeleteJob(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.jobs.adminDelete, { params: { id } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: jobAdminKeys.job(id) });
      void client.invalidateQueries({ queryKey: [...jobAdminKeys.all, 'list'] });
      void client.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}
