import Skeleton from '@mui/material/Skeleton';
import { type ComponentProps, lazy, Suspense } from 'react';

const CreatePostBoxChunk = lazy(() =>
  import('./create-post/create-post-box').then((module) => ({ default: module.CreatePostBox })),
);

/**
 * The create-post box loaded on its own: the editor (TipTap, ProseMirror) and the emoji picker are
 * about 150 KB gzip, so the streams around it show first.
 */
export function LazyCreatePostBox(props: ComponentProps<typeof CreatePostBoxChunk>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={232} sx={{ mb: 3 }} />}>
      <CreatePostBoxChunk {...props} />
    </Suspense>
  );
}
