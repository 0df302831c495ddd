import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The parts of a list query the states below read. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  data?: { results: unknown[] };
  refetch: () => Promise<unknown>;
}

/** The visible texts of the states (already translated). */
export interface QueryListTexts {
  loading: string;
  loadFailed: string;
  retry: string;
  noResults: string;
}

/**
 * The states of a paged list query: a spinner while the first load runs, an error with a retry
 * button when it never succeeded (a failed reload keeps the shown results), a status line when the
 * list is empty, else `children`.
 */
export function QueryListState({
  query,
  texts,
  children,
}: {
  query: ListQuery;
  texts: QueryListTexts;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={texts.loading} />
      </Box>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {texts.retry}
          </Button>
        }
      >
        {texts.loadFailed}
      </Alert>
    );
  }
  if ((query.data?.results.length ?? 0) === 0) {
    return (
      <Typography role="status" sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
        {texts.noResults}
      </Typography>
    );
  }
  return <>{children}</>;
}

/** A list of cards, four per row on wide screens, three on tablets and one on phones. */
export function CardGrid<T>({
  items,
  label,
  busy,
  itemKey,
  renderItem,
}: {
  items: T[];
  label: string;
  busy: boolean;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <Grid
      container
      spacing={2}
      component="ul"
      aria-label={label}
      aria-busy={busy}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {items.map((item) => (
        <Grid key={itemKey(item)} component="li" size={{ xs: 12, sm: 4, lg: 3 }}>
          {renderItem(item)}
        </Grid>
      ))}
    </Grid>
  );
}
