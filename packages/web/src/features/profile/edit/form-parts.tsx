import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../../lib/visually-hidden';

/** One entry of a repeated group (a child, a career station): a framed fieldset with a hidden legend. */
export function EntryFieldset({
  legend,
  columns,
  children,
}: {
  legend: ReactNode;
  columns: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="fieldset"
      sx={{
        m: 0,
        p: 2,
        pt: 1,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: columns },
        columnGap: 2,
      }}
    >
      <Box component="legend" sx={visuallyHidden}>
        {legend}
      </Box>
      {children}
    </Paper>
  );
}
