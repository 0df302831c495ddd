import { lazyDialog } from '../../../components/lazy-dialog';

/** The profile form, loaded when first opened: its fields, schemas and validation are most of the profile's code. */
export const LazyProfileEditDialog = lazyDialog(() =>
  import('./profile-edit-dialog').then((module) => module.ProfileEditDialog),
);
