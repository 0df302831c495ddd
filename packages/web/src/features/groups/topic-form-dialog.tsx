import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { validationMessageKeys } from '@plaza/contract/errors';
import { topicFormSchema } from '@plaza/contract/topics';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { apiErrorText } from '../../lib/api-error-text';
import { type TopicText, useSaveTopicForm, useUpdateTopic } from './api/group';

/** Title and description, checked with the contract's topic form schema. */
const topicTextSchema = topicFormSchema.pick({ name: true, description: true });

/** Form messages are translation keys: empty fields are "required", anything else is "too long". */
const topicTextErrors = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === 'too_small' ? validationMessageKeys.requiredFields : 'topics.form.too_long',
};

/** What the dialog does: create a topic, suggest one, or edit an existing one. */
export type TopicFormMode =
  | { kind: 'create' | 'suggestion' }
  | { kind: 'edit'; topicId: number; initial: TopicText };

interface TopicFormDialogProps {
  open: boolean;
  onClose: () => void;
  groupId: number;
  mode: TopicFormMode;
  /** Called after the server saved; `suggested` is true for a suggestion (it waits for approval). */
  onSaved?: (result: { suggested: boolean }) => void;
}

/**
 * The topic form: members who manage topics create a topic directly, other members suggest one to
 * them; the same form edits a topic's title and description.
 */
export function TopicFormDialog(props: TopicFormDialogProps) {
  return (
    <FormDialog open={props.open} onClose={props.onClose} maxWidth="sm">
      {(titleId) => <TopicForm {...props} titleId={titleId} />}
    </FormDialog>
  );
}

function TopicForm({ onClose, groupId, mode, onSaved, titleId }: TopicFormDialogProps & { titleId: string }) {
  const { t } = useTranslation();
  const save = useSaveTopicForm(groupId);
  const update = useUpdateTopic(mode.kind === 'edit' ? mode.topicId : 0, groupId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TopicText>({
    resolver: zodResolver(topicTextSchema, topicTextErrors),
    defaultValues: mode.kind === 'edit' ? mode.initial : { name: '', description: '' },
  });

  const submit = form.handleSubmit(async (text) => {
    setError(null);
    try {
      if (mode.kind === 'edit') await update.mutateAsync(text);
      else await save.mutateAsync({ ...text, type: mode.kind });
      onSaved?.({ suggested: mode.kind === 'suggestion' });
      onClose();
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  });
  const busy = form.formState.isSubmitting;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(`topics.form.title.${mode.kind}`)}</DialogTitle>
      <DialogContent>
        {mode.kind === 'suggestion' && (
          <DialogContentText>{t('topics.form.suggestion_hint')}</DialogContentText>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        <FormField form={form} name="name" label={t('topics.form.name')} required autoFocus />
        <FormField
          form={form}
          name="description"
          label={t('topics.form.description')}
          required
          multiline
          minRows={4}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('app.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {t(`topics.form.submit.${mode.kind}`)}
        </Button>
      </DialogActions>
    </Box>
  );
}
