import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../lib/api-error-text';

/**
 * The rows of an administration list (pages, jobs, products, orders, subscription options) as a named
 * list, and a 'load more' button while a paged query has another page; before that, a spinner while the first page loads, the
 * failure with a retry button, or the `empty` text when there are no rows (`count`).
 */
export function AdminRowList({
  label,
  list,
  count,
  texts,
  children,
}: {
  label: string;
  list: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isFetching: boolean;
    /** A paged (infinite) query's; a list of one call has none. */
    hasNextPage?: boolean;
    isFetchingNextPage?: boolean;
    fetchNextPage?: () => unknown;
  };
  count: number;
  texts: { loading: string; loadMore: string; retry: string; empty: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (list.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={texts.loading} />
      </Box>
    );
  if (list.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => list.refetch()}>
            {texts.retry}
          </Button>
        }
      >
        {apiErrorText(t, list.error)}
      </Alert>
    );
  if (count === 0) return <Typography role="status">{texts.empty}</Typography>;
  return (
    <>
      <Box
        component="ul"
        aria-label={label}
        aria-busy={list.isFetching}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
      >
        {children}
      </Box>
      {list.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => list.fetchNextPage?.()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? texts.loading : texts.loadMore}
          </Button>
        </Box>
      )}
    </>
  );
}
