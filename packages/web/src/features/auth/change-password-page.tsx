import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { call } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { routes } from '../../lib/endpoint-routes';
import { type ChangeForm, changeFormSchema } from './schemas';

/** Changes the signed-in member's password; other sessions end, this one stays signed in. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangeForm>({
    resolver: zodResolver(changeFormSchema),
    defaultValues: { current_password: '', new_password: '', new_password_confirm: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setDone(false);
    try {
      await call(routes.auth.resetPassword, { body: values });
      setDone(true);
      form.reset();
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, maxWidth: 520 }}>
      <Typography variant="h1" gutterBottom>
        {t('auth.change.title')}
      </Typography>
      <FormMessage severity="error" text={error} onClose={() => setError(null)} />
      <FormMessage severity="success" text={done ? t('auth.change.done') : null} />
      <Box component="form" noValidate onSubmit={submit} aria-label={t('auth.change.title')}>
        <FormField
          form={form}
          name="current_password"
          label={t('auth.password.current')}
          type="password"
          autoComplete="current-password"
          required
        />
        <FormField
          form={form}
          name="new_password"
          label={t('auth.password.new')}
          type="password"
          autoComplete="new-password"
          required
          helperText={t('auth.password.rule')}
        />
        <FormField
          form={form}
          name="new_password_confirm"
          label={t('auth.password.confirm')}
          type="password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={form.formState.isSubmitting}>
          {t('auth.change.submit')}
        </Button>
      </Box>
    </Paper>
  );
}
