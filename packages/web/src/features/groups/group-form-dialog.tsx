import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  type Group,
  type GroupSummary,
  groupDescriptionSchema,
  groupNameSchema,
} from '@plaza/contract/groups';
import { useId, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { FormDialog } from '../../components/form-dialog';
import { FormMessage } from '../../components/form-message';
import { apiErrorText } from '../../lib/api-error-text';
import { type GroupFormValues, useCreateGroup, useUpdateGroup } from './api/groups-list';
import { type GroupFormFields, groupFieldErrorText, groupFormSchema } from './group-form-schema';
import { GroupImageField } from './group-image-field';
import { GroupKindField } from './group-kind-field';

/** The create or edit group overlay. Edit takes the group (a page's group or a list summary). */
export type GroupFormDialogProps = { open: boolean; onClose: () => void } & (
  | { mode: 'create' }
  | { mode: 'edit'; group: GroupSummary; onSaved?: (group: Group) => void }
);

/**
 * Creates a group (then opens its page) or edits one. Name and description are required; in edit
 * mode the name shows only when `update_group_name` is on; with `group_image_required` the submit
 * stays disabled until an image is uploaded.
 */
export function GroupFormDialog(props: GroupFormDialogProps) {
  return (
    <FormDialog open={props.open} onClose={props.onClose} maxWidth="sm">
      {(titleId) => <GroupForm {...props} titleId={titleId} />}
    </FormDialog>
  );
}

function GroupForm(props: GroupFormDialogProps & { titleId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { settings } = useSession();
  const group = props.mode === 'edit' ? props.group : null;
  const rules = {
    mode: props.mode,
    updateName: props.mode === 'create' || settings.update_group_name,
    imageRequired: settings.stream_options.group_image_required,
  };
  const form = useForm<GroupFormFields, unknown, GroupFormValues>({
    resolver: zodResolver(groupFormSchema(rules)) as unknown as Resolver<
      GroupFormFields,
      unknown,
      GroupFormValues
    >,
    mode: 'onTouched',
    defaultValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      type: group?.type ?? 'open',
      img_id: undefined,
    },
  });
  const [imageUrl, setImageUrl] = useState<string | null>(group?.image ?? null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateGroup();
  const update = useUpdateGroup(group?.id ?? 0);
  const pending = create.isPending || update.isPending;
  const formId = useId();
  const { errors, isValid } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      if (props.mode === 'create') {
        const created = await create.mutateAsync(values);
        props.onClose();
        navigate(`/${lang}/groups/${created.id}`);
      } else {
        const saved = await update.mutateAsync(values);
        props.onSaved?.(saved);
        props.onClose();
      }
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  });

  const text = (name: 'name' | 'description') => {
    const { ref, ...field } = form.register(name);
    const message = groupFieldErrorText(t, name, errors[name]);
    const schema = name === 'name' ? groupNameSchema : groupDescriptionSchema;
    return {
      ...field,
      inputRef: ref,
      error: Boolean(message),
      helperText: message,
      required: true,
      fullWidth: true,
      margin: 'normal' as const,
      slotProps: { htmlInput: { maxLength: schema.maxLength ?? undefined } },
    };
  };

  return (
    <>
      <DialogTitle id={props.titleId}>
        {props.mode === 'create' ? t('groups.form.create_title') : t('groups.form.edit_title')}
      </DialogTitle>
      <DialogContent>
        <FormMessage severity="error" text={error} onClose={() => setError(null)} />
        <Box component="form" id={formId} noValidate onSubmit={submit} aria-labelledby={props.titleId}>
          {rules.updateName && (
            <TextField label={t('groups.form.name')} autoComplete="off" {...text('name')} />
          )}
          <TextField
            label={t('groups.form.description')}
            multiline
            minRows={3}
            maxRows={10}
            {...text('description')}
          />
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <GroupKindField value={field.value} onChange={field.onChange} disabled={pending} />
            )}
          />
          <GroupImageField
            url={imageUrl}
            required={rules.imageRequired}
            error={groupFieldErrorText(t, 'img_id', errors.img_id)}
            disabled={pending}
            onUploaded={(image) => {
              setImageUrl(image.url);
              form.setValue('img_id', image.id, { shouldValidate: true, shouldDirty: true });
            }}
            onRemove={
              rules.imageRequired
                ? undefined
                : () => {
                    setImageUrl(null);
                    form.setValue('img_id', null, { shouldValidate: true, shouldDirty: true });
                  }
            }
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('groups.form.cancel')}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={!isValid || pending}>
          {props.mode === 'create' ? t('groups.form.create_submit') : t('groups.form.edit_submit')}
        </Button>
      </DialogActions>
    </>
  );
}
