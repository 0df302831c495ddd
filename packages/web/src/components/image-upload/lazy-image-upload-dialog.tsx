import { lazyDialog } from '../lazy-dialog';

/** The image upload dialog, loaded when it first opens: its cropper (react-easy-crop) is heavy. */
export const LazyImageUploadDialog = lazyDialog(() =>
  import('./image-upload-dialog').then((module) => module.ImageUploadDialog),
);
