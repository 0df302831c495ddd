import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Membership } from '@plaza/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupImage } from './group-image';

/** A titled panel of the requests row (invitations, applications, suggestions). */
function Panel({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, height: '100%' }}>
      <Typography
        id={id}
        variant="h2"
        sx={{ fontSize: '1.125rem', mb: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}
      >
        {title}
        {count ? <Badge badgeContent={count} color="secondary" sx={{ ml: 1.5 }} aria-hidden /> : null}
      </Typography>
      {children}
    </Paper>
  );
}

function Loading() {
  const { t } = useTranslation();
  return <CircularProgress size={28} aria-label={t('groups.list.loading')} />;
}

/** Invitations to the viewer or applications to the viewer's groups, each with an answer button. */
export function MembershipPanel({
  kind,
  items,
  loading,
  onAnswer,
}: {
  kind: 'invitations' | 'applications';
  items: Membership[];
  loading: boolean;
  onAnswer: (membership: Membership) => void;
}) {
  const { t } = useTranslation();
  const id = `groups-${kind}`;
  return (
    <Panel id={id} title={t(`groups.list.${kind}.title`)} count={items.length}>
      {loading ? (
        <Loading />
      ) : items.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t(`groups.list.${kind}.empty`)}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {items.map((item) => {
            const person = item.user_details.combined_name;
            return (
              <Box
                component="li"
                key={item.membership_id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}
              >
                {kind === 'invitations' ? (
                  <GroupImage
                    src={item.image}
                    sx={{ width: 48, height: 48, borderRadius: 1, flexShrink: 0 }}
                  />
                ) : (
                  <Avatar
                    src={item.user_details.image ?? undefined}
                    alt=""
                    aria-hidden
                    sx={{ width: 48, height: 48 }}
                  />
                )}
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {kind === 'invitations' ? item.name : person}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {kind === 'invitations'
                      ? t('groups.list.invitations.invited_by', { name: person })
                      : t('groups.list.applications.applicant', { group: item.name })}
                  </Typography>
                </Box>
                <Button
                  size="small"
                  variant="outlined"
                  aria-haspopup="dialog"
                  aria-label={t(`groups.list.${kind}.answer_label`, { group: item.name, name: person })}
                  onClick={() => onAnswer(item)}
                  sx={{ flexShrink: 0 }}
                >
                  {t(`groups.list.${kind}.answer`)}
                </Button>
              </Box>
            );
          })}
        </Box>
      )}
    </Panel>
  );
}

/** The count of waiting topic suggestions with a button that opens the suggestions overlay. */
export function SuggestionsPanel({
  count,
  loading,
  onOpen,
}: {
  count: number;
  loading: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Panel id="groups-suggestions" title={t('groups.list.suggestions.title')} count={count}>
      {loading ? (
        <Loading />
      ) : count === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t('groups.list.suggestions.empty')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {t('groups.list.suggestions.waiting', { count })}
          </Typography>
          <Button variant="contained" size="small" aria-haspopup="dialog" onClick={onOpen}>
            {t('groups.list.suggestions.open')}
          </Button>
        </>
      )}
    </Panel>
  );
}
