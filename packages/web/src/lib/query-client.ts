import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

/** One query client: no retries on 4xx answers, which will not change by asking again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) =>
        !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});
