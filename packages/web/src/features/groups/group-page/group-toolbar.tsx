import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import LogoutIcon from '@mui/icons-material/Logout';
import PeopleIcon from '@mui/icons-material/ManageAccounts';
import LightbulbIcon from '@mui/icons-material/TipsAndUpdatesOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Group } from '@plaza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { useLeaveOrDeleteGroup } from '../api/group';
import { LazyGroupFormDialog, LazyManageMembersDialog, LazyTopicFormDialog } from '../lazy-dialogs';
import { groupToolbarGates } from '../toolbar-gates';

type Open = 'edit' | 'topic' | 'members' | 'leave' | 'delete' | null;

/**
 * The group page's toolbar, each button by the viewer's permissions (spec section 6): edit, create
 * or suggest a topic, manage members, delete and leave (both confirmed, then back to the groups list).
 */
export function GroupToolbar({ group, onNotice }: { group: Group; onNotice: (text: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useParams();
  const navigate = useNavigate();
  const gates = groupToolbarGates(group.permissions);
  const [open, setOpen] = useState<Open>(null);
  // The confirmation keeps its texts while it closes.
  const [action, setAction] = useState<'leave' | 'delete'>('leave');
  const leaveOrDelete = useLeaveOrDeleteGroup(group.id);
  const close = () => setOpen(null);
  const ask = (what: 'leave' | 'delete') => {
    leaveOrDelete.reset();
    setAction(what);
    setOpen(what);
  };

  const buttons = [
    gates.edit && (
      <Button key="edit" startIcon={<EditIcon />} onClick={() => setOpen('edit')}>
        {t('group_page.toolbar.edit')}
      </Button>
    ),
    (gates.createTopic || gates.suggestTopic) && (
      <Button
        key="topic"
        startIcon={gates.createTopic ? <AddIcon /> : <LightbulbIcon />}
        onClick={() => setOpen('topic')}
      >
        {gates.createTopic ? t('group_page.toolbar.create_topic') : t('group_page.toolbar.suggest_topic')}
      </Button>
    ),
    gates.manageMembers && (
      <Button key="members" startIcon={<PeopleIcon />} onClick={() => setOpen('members')}>
        {t('group_page.toolbar.manage_members')}
      </Button>
    ),
    gates.leave && (
      <Button key="leave" startIcon={<LogoutIcon />} onClick={() => ask('leave')}>
        {t('group_page.toolbar.leave')}
      </Button>
    ),
    gates.delete && (
      <Button key="delete" color="error" startIcon={<DeleteIcon />} onClick={() => ask('delete')}>
        {t('group_page.toolbar.delete')}
      </Button>
    ),
  ].filter(Boolean);
  if (buttons.length === 0) return null;

  return (
    <Box
      role="group"
      aria-label={t('group_page.toolbar.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, '& .MuiButton-root': { flexShrink: 0 } }}
    >
      {buttons}
      {gates.edit && (
        <LazyGroupFormDialog
          open={open === 'edit'}
          onClose={close}
          mode="edit"
          group={group}
          onSaved={() => onNotice(t('group_page.notices.group_saved'))}
        />
      )}
      {(gates.createTopic || gates.suggestTopic) && (
        <LazyTopicFormDialog
          open={open === 'topic'}
          onClose={close}
          groupId={group.id}
          mode={{ kind: gates.createTopic ? 'create' : 'suggestion' }}
          onSaved={({ suggested }) =>
            onNotice(
              suggested ? t('group_page.notices.topic_suggested') : t('group_page.notices.topic_created'),
            )
          }
        />
      )}
      {gates.manageMembers && open === 'members' && (
        <LazyManageMembersDialog open onClose={close} group={group} />
      )}
      <ConfirmDialog
        open={open === 'leave' || open === 'delete'}
        title={t(`group_page.confirm.${action}.title`)}
        text={t(`group_page.confirm.${action}.text`, { name: group.name })}
        confirmLabel={t(`group_page.confirm.${action}.confirm`)}
        onConfirm={() => leaveOrDelete.mutate(action, { onSuccess: () => navigate(`/${lang}/groups`) })}
        onClose={close}
        pending={leaveOrDelete.isPending}
        error={leaveOrDelete.isError ? apiErrorText(t, leaveOrDelete.error) : null}
        destructive
      />
    </Box>
  );
}
