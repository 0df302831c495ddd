import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GroupMember } from '@plaza/contract';
import { pageSizes, timings } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { groupUsersQuery, useInviteMembers } from '../api/group';
import { MemberAvatar } from '../components/member-avatar';

const candidatesShown = pageSizes.inviteCandidates;

interface InviteMembersProps {
  groupId: number;
  onDone: (text: string) => void;
  onError: (error: unknown) => void;
}

/** Search the people who are not in the group yet (list `candidates`), choose some and invite them. */
export function InviteMembers({ groupId, onDone, onError }: InviteMembersProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), timings.memberSearchDebounceMs);
  const [chosen, setChosen] = useState<GroupMember[]>([]);
  const candidates = useQuery(
    groupUsersQuery(groupId, { type: 'candidates', page: 1, perPage: candidatesShown, search }),
  );
  const invite = useInviteMembers(groupId);

  const send = () =>
    invite.mutate(
      chosen.map((member) => member.id),
      {
        onSuccess: () => {
          onDone(t('group_page.manage.done.invited', { count: chosen.length }));
          setChosen([]);
          setText('');
        },
        onError,
      },
    );

  return (
    <Box component="section" aria-labelledby="invite-members-title" sx={{ mb: 3 }}>
      <Typography
        id="invite-members-title"
        variant="h3"
        sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1 }}
      >
        {t('group_page.manage.invite.title')}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1,
          alignItems: { sm: 'flex-start' },
        }}
      >
        <Autocomplete
          multiple
          fullWidth
          options={candidates.data?.results ?? []}
          value={chosen}
          onChange={(_event, value) => setChosen(value)}
          inputValue={text}
          onInputChange={(_event, value, reason) => reason !== 'reset' && setText(value)}
          filterOptions={(options) => options}
          getOptionLabel={(member) => member.combined_name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={candidates.isFetching}
          loadingText={t('group_page.loading')}
          noOptionsText={t('group_page.manage.invite.none')}
          clearText={t('group_page.manage.invite.clear')}
          openText={t('group_page.manage.invite.open')}
          closeText={t('app.close')}
          renderOption={({ key, ...props }, member) => (
            <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <MemberAvatar img={member.img} name={member.combined_name} size={32} />
              {member.combined_name}
            </Box>
          )}
          renderInput={(params) => (
            <TextField {...params} label={t('group_page.manage.invite.search')} size="small" />
          )}
        />
        <Button
          variant="contained"
          onClick={send}
          disabled={chosen.length === 0 || invite.isPending}
          sx={{ flexShrink: 0, minHeight: 40 }}
        >
          {t('group_page.manage.invite.submit', { count: chosen.length })}
        </Button>
      </Box>
    </Box>
  );
}
