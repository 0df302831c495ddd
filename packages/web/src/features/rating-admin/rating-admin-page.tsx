import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminLocation, AdminRatingCategory } from '@plaza/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { lazyDialog } from '../../components/lazy-dialog';
import { apiErrorText } from '../../lib/api-error-text';
import { adminCategoriesQuery, adminLocationsQuery, useDeleteCategory, useDeleteLocation } from './api';

/** The edit forms load when first opened. */
const LocationDialog = lazyDialog(() => import('./edit-dialogs').then((m) => m.LocationDialog));
const CategoryDialog = lazyDialog(() => import('./edit-dialogs').then((m) => m.CategoryDialog));

type Editing =
  | { kind: 'location'; item: AdminLocation | null }
  | { kind: 'category'; item: AdminRatingCategory | null }
  | null;
type Deleting = { kind: 'location' | 'category'; id: number; name: string } | null;

function Row({
  primary,
  secondary,
  name,
  onEdit,
  onDelete,
}: {
  primary: string;
  secondary: string;
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText primary={primary} secondary={secondary} sx={{ minWidth: 200 }} />
      <Stack direction="row" spacing={1}>
        <Button onClick={onEdit} aria-label={t('ratings.admin.edit', { name })}>
          {t('ratings.admin.edit_button')}
        </Button>
        <Button color="error" onClick={onDelete} aria-label={t('ratings.admin.delete', { name })}>
          {t('ratings.admin.delete_button')}
        </Button>
      </Stack>
    </ListItem>
  );
}

/** Locations and rating categories (superadmins): add, change and delete them. */
export function RatingAdminPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const superadmin = session.user?.permissions.includes('superadmin') ?? false;
  const locations = useQuery({ ...adminLocationsQuery(), enabled: superadmin });
  const categories = useQuery({ ...adminCategoriesQuery(), enabled: superadmin });
  const deleteLocation = useDeleteLocation();
  const deleteCategory = useDeleteCategory();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  if (!superadmin) return <Navigate to={`/${lang}/403`} replace />;

  const locationName = (id: number | null) =>
    id === null ? t('ratings.admin.all_locations') : (locations.data?.find((l) => l.id === id)?.name ?? '');
  const remove = deleting?.kind === 'location' ? deleteLocation : deleteCategory;

  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('ratings.admin.title')}
      </Typography>
      <Stack spacing={4}>
        <Box component="section" aria-labelledby="admin-locations">
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}
          >
            <Typography id="admin-locations" variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('ratings.admin.locations')}
            </Typography>
            <Button
              startIcon={<Add />}
              variant="contained"
              onClick={() => setEditing({ kind: 'location', item: null })}
            >
              {t('ratings.admin.add_location')}
            </Button>
          </Stack>
          {locations.isPending ? (
            <CircularProgress aria-label={t('ratings.loading')} />
          ) : locations.isError ? (
            <Alert severity="error">{apiErrorText(t, locations.error)}</Alert>
          ) : locations.data.length === 0 ? (
            <Typography color="text.secondary">{t('ratings.admin.empty_locations')}</Typography>
          ) : (
            <Paper variant="outlined">
              <List disablePadding aria-labelledby="admin-locations">
                {locations.data.map((item) => (
                  <Row
                    key={item.id}
                    primary={item.name}
                    secondary={[item.city, `${t('ratings.admin.reviews')}: ${item.review_count}`]
                      .filter(Boolean)
                      .join(' · ')}
                    name={item.name}
                    onEdit={() => setEditing({ kind: 'location', item })}
                    onDelete={() => setDeleting({ kind: 'location', id: item.id, name: item.name })}
                  />
                ))}
              </List>
            </Paper>
          )}
        </Box>
        <Box component="section" aria-labelledby="admin-categories">
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}
          >
            <Typography id="admin-categories" variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('ratings.admin.categories')}
            </Typography>
            <Button
              startIcon={<Add />}
              variant="contained"
              onClick={() => setEditing({ kind: 'category', item: null })}
            >
              {t('ratings.admin.add_category')}
            </Button>
          </Stack>
          {categories.isPending ? (
            <CircularProgress aria-label={t('ratings.loading')} />
          ) : categories.isError ? (
            <Alert severity="error">{apiErrorText(t, categories.error)}</Alert>
          ) : categories.data.length === 0 ? (
            <Typography color="text.secondary">{t('ratings.admin.empty_categories')}</Typography>
          ) : (
            <Paper variant="outlined">
              <List disablePadding aria-labelledby="admin-categories">
                {categories.data.map((item) => {
                  const label = lang === 'de_DE' ? item.label_de : item.label_en;
                  return (
                    <Row
                      key={item.id}
                      primary={`${item.label_de} / ${item.label_en}`}
                      secondary={`${t('ratings.admin.position')}: ${item.position} · ${t('ratings.admin.scope')}: ${locationName(item.location_id)}`}
                      name={label}
                      onEdit={() => setEditing({ kind: 'category', item })}
                      onDelete={() => setDeleting({ kind: 'category', id: item.id, name: label })}
                    />
                  );
                })}
              </List>
            </Paper>
          )}
        </Box>
      </Stack>
      <LocationDialog
        open={editing?.kind === 'location'}
        item={editing?.kind === 'location' ? editing.item : null}
        onClose={() => setEditing(null)}
      />
      <CategoryDialog
        open={editing?.kind === 'category'}
        item={editing?.kind === 'category' ? editing.item : null}
        locations={locations.data ?? []}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('ratings.admin.delete', { name: deleting?.name ?? '' })}
        text={t('ratings.admin.confirm_delete', { name: deleting?.name ?? '' })}
        confirmLabel={t('ratings.admin.delete_button')}
        destructive
        pending={remove.isPending}
        error={remove.isError ? apiErrorText(t, remove.error) : null}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}
