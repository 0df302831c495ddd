import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GroupSummary } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GroupImage } from './group-image';

/** A group in a gallery: image (or placeholder), name, description, kind and member count. */
export function GroupCard({
  group,
  to,
  onOpen,
}: {
  group: GroupSummary;
  /** Link target (own groups). */
  to?: string;
  /** Opens an overlay instead (public groups: the join overlay). */
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  const status = group.membership?.status;
  const badge =
    group.membership?.role === 'admin' && status === 'accepted'
      ? t('groups.card.admin')
      : status === 'applied'
        ? t('groups.card.applied')
        : status === 'pending'
          ? t('groups.card.invited')
          : null;
  const area = to
    ? ({ component: RouterLink, to } as const)
    : ({ onClick: onOpen, 'aria-haspopup': 'dialog' } as const);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        {...area}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: { xs: 'row', sm: 'column' },
          alignItems: 'stretch',
        }}
      >
        <GroupImage
          src={group.image}
          sx={{
            width: { xs: 96, sm: '100%' },
            flexShrink: 0,
            aspectRatio: { xs: 'auto', sm: '16 / 9' },
            minHeight: { xs: 96, sm: 0 },
          }}
        />
        <CardContent sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography
            component="h3"
            variant="h6"
            sx={{ fontSize: '1.05rem', lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {group.name}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: { xs: 2, sm: 3 },
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              flexGrow: 1,
            }}
          >
            {group.description}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2">{t('groups.card.members', { count: group.member_count })}</Typography>
            <Chip size="small" variant="outlined" label={t(`groups.kinds.${group.type}.label`)} />
            {badge && <Chip size="small" color="primary" label={badge} />}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
