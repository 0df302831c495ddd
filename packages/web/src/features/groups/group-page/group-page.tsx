import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import type { Group } from '@plaza/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title';
import { useSession } from '../../../app/session';
import { ApiRequestError } from '../../../lib/api-client';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect';
import {
  groupFilesQuery,
  groupMembersInfiniteQuery,
  groupQuery,
  useRemoveGroupFile,
  useUploadGroupFile,
} from '../api/group';
import { FilesTab } from '../components/files-tab';
import { InfoTab } from '../components/info-tab';
import { MembersTab } from '../components/members-tab';
import { PageTabs, useSelectedTab } from '../components/page-tabs';
import { membersTabPageSize } from '../page-sizes';
import { type GroupTab, orderedGroupTabs } from '../tabs';
import { groupToolbarGates } from '../toolbar-gates';
import { GroupHeader } from './group-header';
import { GroupToolbar } from './group-toolbar';
import { JoinCall } from './join-call';
import { TopicsTab } from './topics-tab';

/**
 * May the viewer read the group's topics, files and members? Open groups, members, and admins
 * (superadmins). Others see the header (name, image, description) and the join call.
 */
export const canReadContent = (group: Pick<Group, 'type' | 'membership' | 'permissions'>) =>
  group.type === 'open' || group.membership?.status === 'accepted' || group.permissions.includes('edit');

/** A route id that is not a positive number names no group. */
export const notFound = new ApiRequestError(404, [{ code: 'not_found', message: 'Not found' }]);

function GroupMembers({ groupId }: { groupId: number }) {
  const members = useInfiniteQuery(groupMembersInfiniteQuery(groupId, membersTabPageSize(useIsMobile())));
  return <MembersTab query={members} />;
}

function GroupFiles({ group }: { group: Group }) {
  const upload = useUploadGroupFile(group.id);
  const remove = useRemoveGroupFile(group.id);
  return (
    <FilesTab
      filesQuery={(limit) => groupFilesQuery(group.id, limit)}
      upload={groupToolbarGates(group.permissions).uploadFiles ? upload : undefined}
      remove={remove}
    />
  );
}

function GroupTabPanel({ group, tab }: { group: Group; tab: GroupTab }) {
  switch (tab) {
    case 'topics':
      return <TopicsTab group={group} />;
    case 'files':
      return <GroupFiles group={group} />;
    case 'members':
      return <GroupMembers groupId={group.id} />;
    case 'info':
      return <InfoTab infos={group.infos} />;
  }
}

function GroupView({ group, below }: { group: Group; below?: GroupPageProps['below'] }) {
  const { t } = useTranslation();
  const { settings } = useSession();
  const tabs = orderedGroupTabs(settings.group_options.group_tabs_order);
  const [tab, selectTab] = useSelectedTab(tabs, tabs[0] ?? 'topics');
  const [notice, setNotice] = useState<string | null>(null);
  const readable = canReadContent(group);
  return (
    <>
      <GroupHeader group={group}>
        <GroupToolbar group={group} onNotice={setNotice} />
      </GroupHeader>
      {notice && (
        <Alert severity="success" role="status" onClose={() => setNotice(null)} sx={{ mb: 3 }}>
          {notice}
        </Alert>
      )}
      <JoinCall group={group} />
      {readable && (
        <PageTabs
          idPrefix="group"
          label={t('group_page.tabs_label')}
          tabs={tabs}
          selected={tab}
          onSelect={selectTab}
          tabLabel={(value) => t(`group_page.tabs.${value}`)}
        >
          <GroupTabPanel key={tab} group={group} tab={tab} />
        </PageTabs>
      )}
      {readable && below?.(group)}
    </>
  );
}

export interface GroupPageProps {
  /** Shown under the tabs to those who may read the group (the app page puts the post stream here). */
  below?: (group: Group) => ReactNode;
}

/** A group page (`/{lang}/groups/{id}`): header, toolbar by permission, and its tabs in the configured order. */
export function GroupPage({ below }: GroupPageProps = {}) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const group = useQuery({ ...groupQuery(id), enabled: valid });
  useLoadFailureRedirect(valid ? group.error : notFound);
  usePageTitle(group.data?.name);
  if (!group.data)
    return group.isError || !valid ? null : <CircularProgress aria-label={t('group_page.loading')} />;
  // A new id starts the page afresh (tab paging, open overlays).
  return <GroupView key={id} group={group.data} below={below} />;
}
