import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { GroupSummary } from '@plaza/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupCard } from './group-card';

/** A titled gallery section of group cards with its empty state and a 'show more' button. */
export function GroupGallery({
  id,
  title,
  empty,
  groups,
  loading,
  hasMore,
  loadingMore,
  onMore,
  linkOf,
  onOpen,
}: {
  id: string;
  title: string;
  empty: ReactNode;
  groups: GroupSummary[];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  linkOf?: (group: GroupSummary) => string;
  onOpen?: (group: GroupSummary) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 5 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.375rem', mb: 2 }}>
        {title}
      </Typography>
      {loading ? (
        <CircularProgress aria-label={t('groups.list.loading')} />
      ) : groups.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {groups.map((group) => (
            <Grid key={group.id} component="li" size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
              <GroupCard group={group} to={linkOf?.(group)} onOpen={onOpen && (() => onOpen(group))} />
            </Grid>
          ))}
        </Grid>
      )}
      {hasMore && (
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Button variant="outlined" onClick={onMore} disabled={loadingMore}>
            {t('groups.list.show_more')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
