import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { maxId } from '@plaza/contract/constants';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { usePageTitle } from '../app/page-title';
import { useLang } from '../app/use-lang';
import { useLoadFailureRedirect } from '../lib/use-load-failure-redirect';

/**
 * The page around an administration editor at `<list>/new` or `<list>/{id}`: the 403 page for members
 * without the right, the error page for an id that is none or fails to load, a link back to the list,
 * a spinner while the object loads, then `editor` (with `undefined` for a new one), drawn anew per object.
 */
export function AdminEditorShell<T extends { id: number }, K extends QueryKey>({
  allowed,
  query,
  listPath,
  listTitle,
  newTitle,
  titleOf,
  loading,
  editor,
}: {
  allowed: boolean;
  query: (id: number) => UseQueryOptions<T, Error, T, K>;
  /** The list's path below `/{lang}`. */
  listPath: string;
  listTitle: string;
  newTitle: string;
  titleOf: (object: T) => string;
  loading: string;
  editor: (object: T | undefined) => ReactNode;
}) {
  const lang = useLang();
  const raw = useParams().id ?? '';
  const isNew = raw === 'new';
  const id = /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= maxId ? Number(raw) : null;
  const object = useQuery({ ...query(id ?? 0), enabled: allowed && id !== null });
  useLoadFailureRedirect(allowed && !isNew && id === null ? new Error('not found') : object.error);
  usePageTitle(isNew ? newTitle : object.data && titleOf(object.data));

  if (!allowed) return <Navigate to={`/${lang}/403`} replace />;
  return (
    <>
      <Link
        component={RouterLink}
        to={`/${lang}${listPath}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {listTitle}
      </Link>
      {isNew ? (
        <Fragment key="new">{editor(undefined)}</Fragment>
      ) : object.data ? (
        <Fragment key={object.data.id}>{editor(object.data)}</Fragment>
      ) : (
        <CircularProgress aria-label={loading} />
      )}
    </>
  );
}
