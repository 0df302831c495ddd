import { lazyDialog } from '../../components/lazy-dialog';

/** The group and topic forms and the member management, loaded when first opened (forms, schemas, search). */
export const LazyGroupFormDialog = lazyDialog(() =>
  import('./group-form-dialog').then((module) => module.GroupFormDialog),
);
export const LazyTopicFormDialog = lazyDialog(() =>
  import('./topic-form-dialog').then((module) => module.TopicFormDialog),
);
export const LazyManageMembersDialog = lazyDialog(() =>
  import('./group-page/manage-members-dialog').then((module) => module.ManageMembersDialog),
);
