import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChatParticipant, chatLimits } from '@plaza/contract/chat';
import { timings } from '@plaza/contract/constants';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FallbackAvatar } from '../../../components/fallback-avatar';
import { call } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { routes } from '../../../lib/endpoint-routes';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { chatKeys } from '../chat-keys';
import { participantName } from './conversation-name';

/**
 * The new-message panel: find members by name (debounced), choose one or more; one member opens the direct
 * conversation (the existing one when there is one), several a group with an optional name. The button
 * stays disabled until someone is chosen.
 */
export function NewMessagePanel({ onCreated }: { onCreated: (conversationId: number) => void }) {
  const { t } = useTranslation();
  const listId = useId();
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ChatParticipant[]>([]);
  const debounced = useDebouncedValue(search.trim(), timings.memberSearchDebounceMs);
  const users = useQuery({
    queryKey: chatKeys.users(debounced),
    queryFn: () => call(routes.chat.users, { query: { search: debounced } }),
  });
  const create = useMutation({
    mutationFn: async () => {
      const ids = chosen.map((member) => member.id).join(',');
      if (chosen.length === 1) return call(routes.chat.newDirectConversation, { query: { user_ids: ids } });
      const groupName =
        name.trim() ||
        chosen
          .map((member) => member.first_name)
          .join(', ')
          .slice(0, chatLimits.nameMaxLength);
      return call(routes.chat.newChannelConversation, { query: { user_ids: ids, name: groupName } });
    },
    onSuccess: (answer) => onCreated(answer.conversation_id),
  });
  const isChosen = (id: number) => chosen.some((member) => member.id === id);
  const toggle = (member: ChatParticipant) =>
    setChosen((current) =>
      current.some((each) => each.id === member.id)
        ? current.filter((each) => each.id !== member.id)
        : [...current, member],
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flexGrow: 1 }}>
      <Box sx={{ p: 2, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <TextField
          label={t('chat.overlay.new_message.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          size="small"
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { 'aria-controls': listId, maxLength: 100 } }}
        />
        {chosen.length > 0 && (
          <Box
            role="group"
            aria-label={t('chat.overlay.new_message.selected')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
          >
            {chosen.map((member) => (
              <Chip
                key={member.id}
                label={participantName(member)}
                onDelete={() => toggle(member)}
                size="small"
                aria-label={t('chat.overlay.new_message.remove', { name: participantName(member) })}
              />
            ))}
          </Box>
        )}
        {chosen.length > 1 && (
          <TextField
            label={t('chat.overlay.new_message.group_name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { maxLength: chatLimits.nameMaxLength } }}
          />
        )}
      </Box>
      <Box sx={{ flexGrow: 1, minHeight: 0, overflowY: 'auto' }}>
        {users.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={24} aria-label={t('chat.overlay.loading')} />
          </Box>
        )}
        {users.isSuccess && users.data.results.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, py: 1 }}>
            {t('chat.overlay.new_message.no_results')}
          </Typography>
        )}
        <Box
          component="ul"
          id={listId}
          aria-label={t('chat.overlay.new_message.members')}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {users.data?.results.map((member) => (
            <li key={member.id}>
              <Box
                component="label"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  px: 1,
                  py: 0.25,
                  cursor: 'pointer',
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                <Checkbox checked={isChosen(member.id)} onChange={() => toggle(member)} />
                <FallbackAvatar src={member.img_path} size={32} />
                <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {participantName(member)}
                </Typography>
              </Box>
            </li>
          ))}
        </Box>
      </Box>
      <Box
        sx={{ p: 2, borderTop: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {create.isError && (
          <Typography role="alert" color="error" variant="body2">
            {apiErrorText(t, create.error)}
          </Typography>
        )}
        <Button
          variant="contained"
          disabled={chosen.length === 0 || create.isPending}
          onClick={() => create.mutate()}
        >
          {t('chat.overlay.new_message.create')}
        </Button>
      </Box>
    </Box>
  );
}
