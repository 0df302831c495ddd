import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { ReactionTargetType } from '@plaza/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { FallbackAvatar } from '../fallback-avatar';
import { likersQuery } from './reactions-api';

/** Likers shown at first and added per 'show more'. */
const likersStep = 20;

/** 'Who likes this': a button opening a panel that lists the members who liked an item. */
export function LikersButton({ type, id, count }: { type: ReactionTargetType; id: number; count: number }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The panel (a popover and the likers' query) is built on the first click, not for every post of a stream.
  const opened = useOpenedOnce(anchor !== null);
  if (count === 0) return null;
  return (
    <>
      <Button
        size="small"
        color="inherit"
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        {t('reactions.likers.show')}
      </Button>
      {opened && (
        <LikersPanel type={type} id={id} count={count} anchor={anchor} onClose={() => setAnchor(null)} />
      )}
    </>
  );
}

/** The likers in a popover at `anchor` (open while there is one), each linking to their profile. */
function LikersPanel({
  type,
  id,
  count,
  anchor,
  onClose,
}: {
  type: ReactionTargetType;
  id: number;
  count: number;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const [limit, setLimit] = useState(likersStep);
  const likers = useQuery({
    ...likersQuery(type, id, limit),
    enabled: anchor !== null,
    placeholderData: keepPreviousData,
  });
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: 300, maxWidth: 'calc(100vw - 16px)' },
        },
      }}
    >
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {t('reactions.likers.title', { count })}
      </Typography>
      {!likers.data && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label={t('app.loading')} />
        </Box>
      )}
      {likers.data && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 1, maxHeight: 320, overflowY: 'auto' }}>
          {likers.data.results.map((person, index) => (
            <Box
              component="li"
              key={person.id ?? `gone-${index}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5 }}
            >
              <FallbackAvatar src={person.avatar} size={32} />
              {person.id ? (
                <Link component={RouterLink} to={`/${lang}/who_is_who/${person.id}`}>
                  {person.name}
                </Link>
              ) : (
                <Typography variant="body2">{person.name}</Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
      {likers.data?.pagination.next && (
        <Button size="small" sx={{ m: 1, mt: 0 }} onClick={() => setLimit((value) => value + likersStep)}>
          {t('reactions.likers.more')}
        </Button>
      )}
    </Popover>
  );
}
