import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/**
 * The rows of an administration list (pages, jobs) as a named list, and a 'load more' button while the
 * paged query has another page.
 */
export function AdminRowList({
  label,
  list,
  loadMore,
  loading,
  children,
}: {
  label: string;
  list: {
    isFetching: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  loadMore: string;
  loading: string;
  children: ReactNode;
}) {
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
          <Button variant="outlined" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? loading : loadMore}
          </Button>
        </Box>
      )}
    </>
  );
}
