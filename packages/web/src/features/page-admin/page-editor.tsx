import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AdminPage, PageModuleType } from '@plaza/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { useLang } from '../../app/use-lang';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { visuallyHidden } from '../../lib/visually-hidden';
import { previewQuery, useAssignPage, useDeletePage, usePublishPage, useSavePage } from './api';
import {
  bodyOf,
  draftOf,
  type EditorDraft,
  type EditorModule,
  type FieldErrors,
  type ModuleData,
  newModuleData,
  newModuleKey,
  sameDraft,
  validateDraft,
} from './draft';
import { EditorActions } from './editor-actions';
import { BackLink, Section } from './editor-layout';
import { SwitchInput } from './fields';
import { LookupsProvider, lookupsOfPreview } from './lookups';
import { ModuleList } from './module-list';
import { AssignmentFields, PageFields, ShareFields } from './page-fields';
import { moved } from './row-actions';
import { StatusChips } from './status';

/** The editor with the page's draft in its state; the saved draft is the page as last stored. */
export function PageEditor({ page }: { page: AdminPage }) {
  const preview = useQuery({ ...previewQuery(page.preview_id), retry: false });
  const initial = useMemo(() => (preview.data ? lookupsOfPreview(preview.data) : null), [preview.data]);
  return (
    <LookupsProvider initial={initial}>
      <EditorBody page={page} />
    </LookupsProvider>
  );
}

function EditorBody({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<EditorDraft>(() => draftOf(page));
  const [draft, setDraft] = useState<EditorDraft>(saved);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>(new Map());
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState<EditorModule | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [focusModule, setFocusModule] = useState<string | null>(null);
  const form = useRef<HTMLDivElement>(null);
  const save = useSavePage(page.id);
  const publish = usePublishPage(page.id);
  const assign = useAssignPage(page.id);
  const remove = useDeletePage(page.id);
  const [status, setStatus] = useState<AdminPage>(page);

  const dirty = !sameDraft(draft, saved);
  const clientErrors = useMemo(
    () => (showErrors ? validateDraft(t, draft) : (new Map() as FieldErrors)),
    [showErrors, t, draft],
  );
  const errorAt = (path: string) => clientErrors.get(path) ?? serverErrors.get(path);
  const moduleHasErrors = (index: number) =>
    [...clientErrors.keys(), ...serverErrors.keys()].some((path) => path.startsWith(`modules.${index}.`));

  // A new module's first field takes the focus.
  useEffect(() => {
    if (!focusModule) return;
    const card = document.getElementById(`module-${focusModule}`);
    card?.querySelector<HTMLElement>('input, textarea, [contenteditable="true"], button')?.focus();
    setFocusModule(null);
  }, [focusModule]);

  const update = (patch: Partial<EditorDraft>) => setDraft((before) => ({ ...before, ...patch }));
  const setModuleData = useCallback(
    (key: string, patch: ModuleData | ((data: ModuleData) => ModuleData)) =>
      setDraft((before) => ({
        ...before,
        modules: before.modules.map((module) =>
          module.key === key
            ? {
                ...module,
                data: { ...module.data, ...(typeof patch === 'function' ? patch(module.data) : patch) },
              }
            : module,
        ),
      })),
    [],
  );

  const typeName = (type: PageModuleType) => t(`page_admin.modules.${type}`);
  const moduleName = (module: EditorModule, index: number) =>
    t('page_admin.module_name', { n: index + 1, type: typeName(module.type) });

  const addModule = (type: PageModuleType) => {
    const key = newModuleKey();
    setDraft((before) => ({
      ...before,
      modules: [...before.modules, { key, type, data: newModuleData(type) }],
    }));
    setFocusModule(key);
    setAnnouncement(t('page_admin.announce.added', { type: typeName(type) }));
  };
  const moveModule = (from: number, to: number) => {
    setDraft((before) => ({ ...before, modules: moved(before.modules, from, to) }));
    setAnnouncement(t('page_admin.announce.moved', { position: to + 1, count: draft.modules.length }));
  };

  /** Checks the draft; with errors shows them, focuses the first and returns false. */
  const check = (): boolean => {
    setShowErrors(true);
    setServerErrors(new Map());
    const errors = validateDraft(t, draft);
    if (errors.size === 0) return true;
    setFailure(t('page_admin.errors.fix_fields', { count: errors.size }));
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return false;
  };

  const failed = (error: unknown) => {
    const field = error instanceof ApiRequestError ? error.errors[0]?.field : undefined;
    const text = apiErrorText(t, error);
    const message = error instanceof ApiRequestError ? error.errors[0]?.message : undefined;
    if (field) setServerErrors(new Map([[field, message ?? text]]));
    setFailure(field ? `${text} ${t('page_admin.errors.server_field', { field, message })}` : text);
  };

  const stored = (next: AdminPage) => {
    const fresh = draftOf(next);
    setSaved(fresh);
    setDraft(fresh);
    setStatus(next);
  };

  const saveDraft = async (): Promise<boolean> => {
    setNotice(null);
    setFailure(null);
    if (!check()) return false;
    try {
      stored(await save.mutateAsync(bodyOf(draft)));
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  };

  const onSave = async () => {
    if (await saveDraft()) setNotice(t('page_admin.notices.saved'));
  };
  const onPublish = async (on: boolean) => {
    setNotice(null);
    setFailure(null);
    if (on && dirty && !(await saveDraft())) return;
    try {
      stored(await publish.mutateAsync(on));
      setNotice(t(on ? 'page_admin.notices.published' : 'page_admin.notices.unpublished'));
    } catch (error) {
      failed(error);
    }
  };
  const onAssign = (key: string, on: boolean) => {
    setNotice(null);
    setFailure(null);
    const keys = on ? [...status.assigned_as, key] : status.assigned_as.filter((other) => other !== key);
    assign.mutate(keys, {
      onSuccess: (next) => {
        setStatus(next);
        setNotice(t('page_admin.notices.assigned'));
      },
      onError: failed,
    });
  };

  const busy = save.isPending || publish.isPending || remove.isPending;
  const published = status.status === 'published';
  const pendingChanges = dirty || status.has_unpublished_changes;

  return (
    <Box ref={form} sx={{ maxWidth: 960 }}>
      <BackLink />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {saved.title || t('page_admin.untitled')}
        </Typography>
        <StatusChips status={status.status} changes={pendingChanges} />
        {dirty && <Chip size="small" variant="outlined" label={t('page_admin.unsaved')} />}
      </Box>

      <EditorActions
        pageId={page.id}
        previewId={status.preview_id}
        busy={busy}
        dirty={dirty}
        published={published}
        pendingChanges={pendingChanges}
        onSave={onSave}
        onPublish={onPublish}
        onDelete={() => setDeleting(true)}
      />
      {dirty && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('page_admin.preview_hint')}
        </Typography>
      )}
      <Box role="status" aria-live="polite">
        {notice && (
          <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
      </Box>
      {failure && (
        <Alert severity="error" role="alert" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Box sx={visuallyHidden} aria-live="polite">
        {announcement}
      </Box>

      <Section title={t('page_admin.sections.page')}>
        <PageFields draft={draft} update={update} errorAt={errorAt} />
      </Section>

      <Section title={t('page_admin.sections.share')}>
        <Typography variant="body2" color="text.secondary">
          {t('page_admin.share.intro')}
        </Typography>
        <SwitchInput
          label={t('page_admin.share.enabled')}
          checked={draft.share.enabled}
          onChange={(enabled) => update({ share: { ...draft.share, enabled } })}
        />
        {draft.share.enabled && (
          <ShareFields
            draft={draft}
            pageId={page.id}
            update={(patch) => setDraft((before) => ({ ...before, ...patch(before) }))}
            errorAt={errorAt}
          />
        )}
      </Section>

      <Section title={t('page_admin.sections.assignments')}>
        <AssignmentFields assigned={status.assigned_as} pending={assign.isPending} onAssign={onAssign} />
      </Section>

      <Section title={t('page_admin.sections.modules')}>
        <ModuleList
          modules={draft.modules}
          pageId={page.id}
          errorAt={errorAt}
          hasErrors={moduleHasErrors}
          moduleName={moduleName}
          onChange={setModuleData}
          onMove={moveModule}
          onRemove={setRemoving}
          onAdd={addModule}
        />
      </Section>

      <ConfirmDialog
        open={removing !== null}
        title={t('page_admin.confirm_remove.title')}
        text={t('page_admin.confirm_remove.text', {
          name: removing
            ? moduleName(
                removing,
                draft.modules.findIndex((module) => module.key === removing.key),
              )
            : '',
        })}
        confirmLabel={t('page_admin.confirm_remove.confirm')}
        onConfirm={() => {
          if (removing) {
            setDraft((before) => ({
              ...before,
              modules: before.modules.filter((module) => module.key !== removing.key),
            }));
            setAnnouncement(t('page_admin.announce.removed', { type: typeName(removing.type) }));
          }
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
        destructive
      />
      <ConfirmDialog
        open={deleting}
        title={t('page_admin.confirm_delete.title')}
        text={t('page_admin.confirm_delete.text', { title: saved.title })}
        confirmLabel={t('page_admin.actions.delete')}
        pending={remove.isPending}
        error={remove.error ? apiErrorText(t, remove.error) : null}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setSaved(draft);
              setDeleting(false);
              // The page is gone: nothing left to save, so leaving needs no question.
              requestAnimationFrame(() => navigate(`/${lang}/admin/pages`, { replace: true }));
            },
          })
        }
        onClose={() => setDeleting(false)}
        destructive
      />
      <LeaveGuard dirty={dirty} />
    </Box>
  );
}

/**
 * Leaving with unsaved changes asks first: in the app, and when the tab closes or reloads. A component of
 * its own: the router's blocker sets state as it is registered, after the page is taken over, and that
 * update renders synchronously; here it renders this dialog, not the whole editor (80 ms at start).
 */
function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('page_admin.confirm_leave.title')}
      text={t('page_admin.confirm_leave.text')}
      confirmLabel={t('page_admin.confirm_leave.confirm')}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
      destructive
    />
  );
}
