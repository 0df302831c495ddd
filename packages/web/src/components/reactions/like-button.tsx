import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Button from '@mui/material/Button';
import type { ReactionTargetType } from '@plaza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LikersButton } from './likers-button';
import { useSetLike } from './reactions-api';

/**
 * The like button with its count (a press likes or unlikes and shows the server's new count), and
 * beside it, once anyone likes the item, who does.
 */
export function LikeButton({
  type,
  id,
  count,
  liked,
}: {
  type: ReactionTargetType;
  id: number;
  count: number;
  liked: boolean;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState({ count, liked_by_me: liked });
  const like = useSetLike(type, id);
  return (
    <>
      <Button
        size="small"
        color={state.liked_by_me ? 'primary' : 'inherit'}
        startIcon={state.liked_by_me ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        aria-pressed={state.liked_by_me}
        aria-label={t('reactions.like_label', { count: state.count })}
        disabled={like.isPending}
        onClick={() => like.mutate(!state.liked_by_me, { onSuccess: setState })}
      >
        {state.count}
      </Button>
      <LikersButton type={type} id={id} count={state.count} />
    </>
  );
}
