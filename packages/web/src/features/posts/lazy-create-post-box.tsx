import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { avatarSizes } from '@plaza/contract/constants';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '../../app/chunk-error';
import { useSession } from '../../app/session';
import { FallbackAvatar } from '../../components/fallback-avatar';

const loadBox = () => import('./create-post/create-post-box');
const CreatePostBoxChunk = lazyChunk(() => loadBox().then((module) => module.CreatePostBox));

/**
 * The create-post box, collapsed to one line until the member uses it: the editor (TipTap,
 * ProseMirror) and the emoji picker are about 150 KB gzip, so they load only then (a pointer over the
 * line or focus on it starts loading them), and the stream starts right below the line.
 */
export function LazyCreatePostBox({
  groupId,
  topicId,
}: {
  groupId?: number | null;
  topicId?: number | null;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={232} sx={{ mb: 3 }} />}>
        <CreatePostBoxChunk groupId={groupId} topicId={topicId} onClose={() => setOpen(false)} />
      </Suspense>
    );
  }
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={t('posts.create.title')}
      sx={{ mb: 3, p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5 }}
    >
      <FallbackAvatar src={user?.img_path} size={avatarSizes.postBox} />
      <ButtonBase
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadBox()}
        onFocus={() => void loadBox()}
        sx={{
          flex: 1,
          justifyContent: 'flex-start',
          textAlign: 'left',
          minHeight: 44,
          px: 2,
          borderRadius: 22,
          border: 1,
          borderColor: 'divider',
          color: 'text.secondary',
          bgcolor: 'action.hover',
        }}
      >
        <Typography component="span">{t('posts.create.open', { name: user?.firstname ?? '' })}</Typography>
      </ButtonBase>
    </Card>
  );
}
