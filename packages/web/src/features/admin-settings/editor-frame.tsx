import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuccessSnackbar } from '../../components/success-snackbar';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import type { DocumentEditor } from './use-document-editor';

/**
 * The page around an editor of an administered document: heading, loading and failures, the conflict
 * notice (someone else saved meanwhile: reload), the save button and its confirmation.
 */
export function EditorFrame<T>({
  editor,
  title,
  intro,
  level = 'h1',
  children,
}: {
  editor: DocumentEditor<T>;
  title: string;
  /** The heading's level: h2 when a page holds several editors under its own h1. */
  level?: 'h1' | 'h2';
  intro?: string;
  children: (value: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { notify, snackbar } = useSuccessSnackbar();
  useEffect(() => {
    if (editor.saved > 0) notify(t('admin-settings.editor.saved'));
  }, [editor.saved, notify, t]);
  const error = editor.saveError;
  const fieldMessages =
    error instanceof ApiRequestError ? error.errors.filter((e) => e.field !== undefined) : [];

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        editor.save();
      }}
    >
      <Typography variant={level} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      {editor.conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={editor.reload}>
              {t('admin-settings.editor.reload')}
            </Button>
          }
        >
          {t('admin-settings.editor.conflict')}
        </Alert>
      )}
      {editor.value === undefined ? (
        editor.loadError ? (
          <Alert severity="error">{apiErrorText(t, editor.loadError)}</Alert>
        ) : (
          <CircularProgress aria-label={t('admin-settings.editor.loading')} />
        )
      ) : (
        <>
          {children(editor.value)}
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {apiErrorText(t, error)}
              {fieldMessages.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {fieldMessages.map((e) => (
                    <li key={`${e.field}:${e.message}`}>
                      {e.field}: {e.message}
                    </li>
                  ))}
                </Box>
              )}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center' }}>
            <Button type="submit" variant="contained" disabled={editor.saving || !editor.dirty}>
              {t('admin-settings.editor.save')}
            </Button>
            {editor.dirty && (
              <Button onClick={editor.reload} disabled={editor.saving}>
                {t('admin-settings.editor.discard')}
              </Button>
            )}
            <Typography role="status" color="text.secondary">
              {editor.saved > 0 && !editor.dirty ? t('admin-settings.editor.saved') : ''}
            </Typography>
          </Stack>
        </>
      )}
      {snackbar}
    </Box>
  );
}
