import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { GroupSummary, Membership } from '@plaza/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';
import { useSuccessSnackbar } from '../../components/success-snackbar';
import { useLoadFailureRedirect } from '../../lib/use-load-failure-redirect';
import {
  applicationsQuery,
  groupsListQuery,
  invitationsQuery,
  publicGroupsQuery,
  suggestionsQuery,
} from './api/groups-list';
import { GroupGallery } from './groups-list/group-gallery';
import { MembershipPanel, SuggestionsPanel } from './groups-list/request-panels';
import { JoinDialog } from './join-dialog';
import { LazyGroupFormDialog } from './lazy-dialogs';
import { MembershipDialog } from './membership-dialog';
import { SuggestionsDialog } from './suggestions-dialog';

/**
 * The groups list: invitations, applications to the viewer's groups, topic suggestions, the own
 * groups and the public groups to join; everything reloads every `timings.groupsReloadMs`.
 */
export function GroupsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const own = useInfiniteQuery(groupsListQuery('member'));
  const publicGroups = useInfiniteQuery(publicGroupsQuery());
  const invitations = useQuery(invitationsQuery());
  const applications = useQuery(applicationsQuery());
  const suggestions = useQuery(suggestionsQuery());
  // A load that never succeeded goes to the error route; a failed background reload keeps the page.
  const failed = [own, publicGroups, invitations, applications, suggestions].find(
    (q) => q.isError && !q.data,
  );
  useLoadFailureRedirect(failed?.error ?? null);

  const { notify, snackbar } = useSuccessSnackbar();
  const [creating, setCreating] = useState(false);
  const [joining, setJoining] = useState<GroupSummary | null>(null);
  const [answering, setAnswering] = useState<Membership | null>(null);
  const [showSuggestions, setShowSuggestions] = useState(false);

  const canCreate = own.data?.pages[0]?.permissions.includes('create') ?? false;
  const ownGroups = own.data?.pages.flatMap((page) => page.results) ?? [];
  const publicList = publicGroups.data?.pages.flatMap((page) => page.results) ?? [];
  const suggestionCount = suggestions.data?.results.length ?? 0;

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          {t('groups.list.title')}
        </Typography>
        {canCreate && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="dialog"
            onClick={() => setCreating(true)}
          >
            {t('groups.list.create')}
          </Button>
        )}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('groups.list.intro')}
      </Typography>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <MembershipPanel
            kind="invitations"
            items={invitations.data?.results ?? []}
            loading={invitations.isPending}
            onAnswer={setAnswering}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <MembershipPanel
            kind="applications"
            items={applications.data?.results ?? []}
            loading={applications.isPending}
            onAnswer={setAnswering}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <SuggestionsPanel
            count={suggestionCount}
            loading={suggestions.isPending}
            onOpen={() => setShowSuggestions(true)}
          />
        </Grid>
      </Grid>

      <GroupGallery
        id="groups-own"
        title={t('groups.list.own.title')}
        empty={t('groups.list.own.empty')}
        groups={ownGroups}
        loading={own.isPending}
        hasMore={own.hasNextPage}
        loadingMore={own.isFetchingNextPage}
        onMore={() => own.fetchNextPage()}
        linkOf={(group) => `/${lang}/groups/${group.id}`}
      />
      <GroupGallery
        id="groups-public"
        title={t('groups.list.public.title')}
        empty={t('groups.list.public.empty')}
        groups={publicList}
        loading={publicGroups.isPending}
        hasMore={publicGroups.hasNextPage}
        loadingMore={publicGroups.isFetchingNextPage}
        onMore={() => publicGroups.fetchNextPage()}
        onOpen={setJoining}
      />

      <LazyGroupFormDialog mode="create" open={creating} onClose={() => setCreating(false)} />
      <JoinDialog group={joining} onClose={() => setJoining(null)} onJoined={notify} />
      <MembershipDialog membership={answering} onClose={() => setAnswering(null)} onAnswered={notify} />
      <SuggestionsDialog
        open={showSuggestions}
        onClose={() => setShowSuggestions(false)}
        onAnswered={notify}
      />
      {snackbar}
    </>
  );
}
