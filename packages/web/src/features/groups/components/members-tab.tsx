import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GroupMember } from '@plaza/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { MemberAvatar } from './member-avatar';

type MemberPages = InfiniteData<{ results: GroupMember[]; pagination: { total: number } }>;

/** Members of a group or topic: avatar and name linking to the profile, 'show more' while more pages exist. */
export function MembersTab({ query }: { query: UseInfiniteQueryResult<MemberPages> }) {
  const { t } = useTranslation();
  const { lang } = useParams();
  if (query.isPending) return <CircularProgress aria-label={t('group_page.loading')} />;
  if (query.isError) {
    return <Typography role="alert">{t('errors.codes.internal')}</Typography>;
  }
  const members = query.data.pages.flatMap((page) => page.results);
  if (members.length === 0) return <Typography>{t('group_page.members.empty')}</Typography>;
  return (
    <>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
        }}
      >
        {members.map((member) => (
          <Box
            component="li"
            key={member.id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}
          >
            <MemberAvatar img={member.img} name={member.combined_name} />
            <Link
              component={RouterLink}
              to={`/${lang}/who_is_who/${member.id}`}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {member.combined_name}
            </Link>
          </Box>
        ))}
      </Box>
      {query.hasNextPage && (
        <Button
          variant="outlined"
          sx={{ mt: 3 }}
          onClick={() => query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {t('group_page.show_more')}
        </Button>
      )}
    </>
  );
}
