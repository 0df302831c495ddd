import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AdminJob } from '@plaza/contract';
import { avatarSizes, limits } from '@plaza/contract/constants';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../app/use-lang';
import { AdminEditorShell } from '../../components/admin-editor-shell';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { apiErrorText } from '../../lib/api-error-text';
import { useManagesJobs } from './access';
import { adminJobQuery, useCreateJob, useDeleteJob, useJobAction, useSaveJob } from './api';
import { type FormProblems, formInput, formValues, JobForm, type JobFormValues } from './job-form';

/**
 * A job in the administration: `/{lang}/admin/jobs/new` writes a new one (a draft), `/{lang}/admin/jobs/{id}`
 * edits it, publishes or closes it, sets its image and deletes it.
 */
export function JobEditorPage() {
  const { t } = useTranslation();
  return (
    <AdminEditorShell
      allowed={useManagesJobs()}
      query={adminJobQuery}
      listPath="/admin/jobs"
      listTitle={t('jobs.admin.title')}
      newTitle={t('jobs.admin.create_title')}
      titleOf={(job) => job.title}
      loading={t('jobs.admin.loading')}
      editor={(job) => <Editor job={job} />}
    />
  );
}

function Editor({ job }: { job: AdminJob | undefined }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [values, setValues] = useState<JobFormValues>(() => formValues(job, lang));
  const [problems, setProblems] = useState<FormProblems>({});
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const create = useCreateJob();
  const save = useSaveJob(job?.id ?? 0);
  const action = useJobAction(job?.id ?? 0);
  const remove = useDeleteJob(job?.id ?? 0);
  const pending = create.isPending || save.isPending || action.isPending;

  const fail = (error: unknown) => setMessage({ kind: 'error', text: apiErrorText(t, error) });
  /** Saves the form; the stored job, or null when the form has problems or the call failed. */
  const store = async (): Promise<AdminJob | null> => {
    const result = formInput(values);
    if ('problems' in result) {
      setProblems(result.problems);
      return null;
    }
    setProblems({});
    try {
      if (!job) {
        const created = await create.mutateAsync(result.input);
        navigate(`/${lang}/admin/jobs/${created.id}`, { replace: true });
        return created;
      }
      return await save.mutateAsync(result.input);
    } catch (error) {
      fail(error);
      return null;
    }
  };
  const onSave = async () => {
    if (await store()) setMessage({ kind: 'success', text: t('jobs.admin.saved') });
  };
  const onState = async (kind: 'publish' | 'close') => {
    if (kind === 'publish' && !(await store())) return;
    try {
      await action.mutateAsync({ kind });
      setMessage({
        kind: 'success',
        text: t(kind === 'publish' ? 'jobs.admin.published_message' : 'jobs.admin.closed_message'),
      });
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Box component="section" aria-labelledby="job-editor-title">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="job-editor-title" variant="h1">
          {job ? t('jobs.admin.edit_title') : t('jobs.admin.create_title')}
        </Typography>
        {job && <Chip label={t(`jobs.admin.states.${job.state}`)} />}
      </Box>
      {job && <ImagePart job={job} onError={fail} />}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        <JobForm values={values} problems={problems} onChange={setValues} />
        <Box
          role="group"
          aria-label={t('jobs.admin.actions.label')}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}
        >
          <Button type="submit" variant="contained" disabled={pending}>
            {job ? t('jobs.admin.actions.save') : t('jobs.admin.actions.create')}
          </Button>
          {job && job.state !== 'open' && (
            <Button
              variant="outlined"
              color="success"
              disabled={pending}
              onClick={() => void onState('publish')}
            >
              {t('jobs.admin.actions.publish')}
            </Button>
          )}
          {job?.state === 'open' && (
            <Button
              variant="outlined"
              color="warning"
              disabled={pending}
              onClick={() => void onState('close')}
            >
              {t('jobs.admin.actions.close')}
            </Button>
          )}
          {job && (
            <Button variant="text" color="error" disabled={pending} onClick={() => setDeleting(true)}>
              {t('jobs.admin.actions.delete')}
            </Button>
          )}
        </Box>
      </Box>
      <Box role="status" sx={{ mt: 2 }}>
        {message && <Alert severity={message.kind}>{message.text}</Alert>}
      </Box>
      {job && (
        <ConfirmDialog
          open={deleting}
          title={t('jobs.admin.confirm_delete.title')}
          text={t('jobs.admin.confirm_delete.text', { title: job.title })}
          confirmLabel={t('jobs.admin.confirm_delete.confirm')}
          destructive
          pending={remove.isPending}
          error={remove.error ? apiErrorText(t, remove.error) : null}
          onClose={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(undefined, { onSuccess: () => navigate(`/${lang}/admin/jobs`, { replace: true }) })
          }
        />
      )}
    </Box>
  );
}

/** The job's square image: shown at 153 px, uploaded (checked and squared by the server) or removed. */
function ImagePart({ job, onError }: { job: AdminJob; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const action = useJobAction(job.id);
  const send = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > limits.uploadMaxBytes) {
      onError(new Error('too large'));
      return;
    }
    try {
      await action.mutateAsync({ kind: 'image', file });
    } catch (error) {
      onError(error);
    }
  };
  return (
    <Box component="section" aria-labelledby="job-image-title" sx={{ mb: 3 }}>
      <Typography id="job-image-title" variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        {t('jobs.admin.form.image')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {job.img && (
          <Box
            component="img"
            src={job.img}
            alt={t('jobs.admin.form.image_alt')}
            sx={{
              width: avatarSizes.jobImage,
              height: avatarSizes.jobImage,
              borderRadius: 2,
              objectFit: 'cover',
            }}
          />
        )}
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          tabIndex={-1}
          aria-hidden
          data-testid="job-image-input"
          onChange={(event) => {
            void send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button variant="outlined" disabled={action.isPending} onClick={() => input.current?.click()}>
          {t('jobs.admin.form.upload_image')}
        </Button>
        {job.img && (
          <Button
            variant="text"
            color="error"
            disabled={action.isPending}
            onClick={() => action.mutate({ kind: 'remove_image' }, { onError })}
          >
            {t('jobs.admin.form.remove_image')}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('jobs.admin.form.image_hint')}
      </Typography>
    </Box>
  );
}
