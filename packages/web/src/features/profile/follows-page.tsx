import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { UrlPagination } from '../../components/pagination';
import { CardGrid, QueryListState } from '../../components/query-list-state';
import { UserCard } from '../../components/user-card';
import { followsQuery } from './api/profile';

/** `/{lang}/follows`: the members the viewer follows, as user cards by name, with page links. */
export function FollowsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery(followsQuery(page));
  usePageTitle(t('profile.follows.title'));
  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('profile.follows.title')}
      </Typography>
      <QueryListState
        query={list}
        texts={{
          loading: t('profile.follows.loading'),
          loadFailed: t('profile.follows.load_failed'),
          retry: t('profile.follows.retry'),
          noResults: t('profile.follows.none'),
        }}
      >
        <CardGrid
          items={list.data?.results ?? []}
          label={t('profile.follows.title')}
          busy={list.isFetching}
          itemKey={(user) => user.id}
          renderItem={(user) => <UserCard user={user} />}
        />
        <UrlPagination count={list.data?.pagination.last ?? 1} />
      </QueryListState>
    </>
  );
}
