import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Topic } from '@plaza/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiRequestError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect';
import {
  topicFilesQuery,
  topicMembersInfiniteQuery,
  topicQuery,
  useDeleteTopic,
  useRemoveTopicFile,
  useUploadTopicFile,
} from '../api/group';
import { FilesTab } from '../components/files-tab';
import { InfoTab } from '../components/info-tab';
import { MembersTab } from '../components/members-tab';
import { PageTabs, useSelectedTab } from '../components/page-tabs';
import { LazyTopicFormDialog } from '../lazy-dialogs';
import { membersTabPageSize } from '../page-sizes';
import { type TopicTab, topicTabs } from '../tabs';
import { topicToolbarGates } from '../toolbar-gates';

const notFound = new ApiRequestError(404, [{ code: 'not_found', message: 'Not found' }]);

function TopicMembers({ topicId }: { topicId: number }) {
  const members = useInfiniteQuery(topicMembersInfiniteQuery(topicId, membersTabPageSize(useIsMobile())));
  return <MembersTab query={members} />;
}

function TopicFiles({ topic }: { topic: Topic }) {
  const upload = useUploadTopicFile(topic.id);
  const remove = useRemoveTopicFile(topic.id);
  return (
    <FilesTab
      filesQuery={(limit) => topicFilesQuery(topic.id, limit)}
      upload={topicToolbarGates(topic.permissions).uploadFiles ? upload : undefined}
      remove={remove}
    />
  );
}

function TopicView({ topic, below }: { topic: Topic; below?: TopicPageProps['below'] }) {
  const { t } = useTranslation();
  const { lang } = useParams();
  const navigate = useNavigate();
  const [tab, selectTab] = useSelectedTab<TopicTab>(topicTabs, 'info');
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const gates = topicToolbarGates(topic.permissions);
  const remove = useDeleteTopic(topic.id, topic.group.id);
  const groupPath = `/${lang}/groups/${topic.group.id}`;
  const tabName = t(`topics.tabs.${tab}`);

  return (
    <>
      <Link
        component={RouterLink}
        to={groupPath}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('topics.back_to_group', { name: topic.group.name })}
      </Link>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {t('topics.toolbar_title', { title: topic.name, tab: tabName })}
        </Typography>
        {(gates.edit || gates.delete) && (
          <Box
            role="group"
            aria-label={t('topics.toolbar_label')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {gates.edit && (
              <Button startIcon={<EditIcon />} onClick={() => setOpen('edit')}>
                {t('topics.edit')}
              </Button>
            )}
            {gates.delete && (
              <Button
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => {
                  remove.reset();
                  setOpen('delete');
                }}
              >
                {t('topics.delete')}
              </Button>
            )}
          </Box>
        )}
      </Box>
      <PageTabs
        idPrefix="topic"
        label={t('topics.tabs_label')}
        tabs={topicTabs}
        selected={tab}
        onSelect={selectTab}
        tabLabel={(value) => t(`topics.tabs.${value}`)}
      >
        {tab === 'files' && <TopicFiles topic={topic} />}
        {tab === 'members' && <TopicMembers topicId={topic.id} />}
        {tab === 'info' && <InfoTab infos={topic.infos} />}
      </PageTabs>
      {below?.(topic)}
      {gates.edit && (
        <LazyTopicFormDialog
          open={open === 'edit'}
          onClose={() => setOpen(null)}
          groupId={topic.group.id}
          mode={{
            kind: 'edit',
            topicId: topic.id,
            initial: { name: topic.name, description: topic.description },
          }}
        />
      )}
      <ConfirmDialog
        open={open === 'delete'}
        title={t('topics.confirm_delete.title')}
        text={t('topics.confirm_delete.text', { name: topic.name })}
        confirmLabel={t('topics.confirm_delete.confirm')}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate(groupPath) })}
        onClose={() => setOpen(null)}
        pending={remove.isPending}
        error={remove.isError ? apiErrorText(t, remove.error) : null}
        destructive
      />
    </>
  );
}

export interface TopicPageProps {
  /** Shown under the tabs (the app page puts the topic's post stream here). */
  below?: (topic: Topic) => ReactNode;
}

/** A topic page (`/{lang}/groups/{group_id}/topics/{id}`): title with the tab's name, files, members, info. */
export function TopicPage({ below }: TopicPageProps = {}) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const topic = useQuery({ ...topicQuery(id), enabled: valid });
  useLoadFailureRedirect(valid ? topic.error : notFound);
  usePageTitle(topic.data?.name);
  if (!topic.data)
    return topic.isError || !valid ? null : <CircularProgress aria-label={t('topics.loading')} />;
  return <TopicView key={id} topic={topic.data} below={below} />;
}
