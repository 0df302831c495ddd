import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { StreamRef } from '@plaza/contract';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNewPosts } from '../lib/use-new-posts';

export interface NewPostsHintProps {
  /** The open stream whose new posts are counted. */
  stream: StreamRef;
  /** Whether a post is in the stream already (a reload brought it): it no longer counts as new. */
  isShown: (id: string) => boolean;
  /** Loads the newest posts of the stream. */
  onLoad: () => Promise<unknown>;
  /** Where the focus goes once they are loaded (the stream's heading): the button is gone then. */
  focusAfter?: RefObject<HTMLElement | null>;
  enabled?: boolean;
}

/**
 * The live "N new posts" hint of an open stream: a button that loads the newest posts, in a polite live
 * region, so a screen reader announces it without interrupting. Counts posts by others only.
 */
export function NewPostsHint({ stream, isShown, onLoad, focusAfter, enabled = true }: NewPostsHintProps) {
  const { t } = useTranslation();
  const { ids, clear } = useNewPosts(stream, enabled);
  const [loading, setLoading] = useState(false);
  const count = ids.filter((id) => !isShown(id)).length;
  const load = async () => {
    setLoading(true);
    try {
      await onLoad();
      clear();
      focusAfter?.current?.focus();
    } finally {
      setLoading(false);
    }
  };
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'center' }}>
      {count > 0 && (
        <Button
          variant="contained"
          size="small"
          startIcon={<ArrowUpwardIcon aria-hidden />}
          onClick={() => void load()}
          disabled={loading}
          sx={{ mb: 2, borderRadius: 4 }}
        >
          {t('posts.stream.new_posts', { count })}
        </Button>
      )}
    </Box>
  );
}
