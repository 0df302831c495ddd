import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  type AdminPage,
  type PageModuleType,
  pageModuleLimits,
  pageModuleTypes,
  pageTypes,
  pageVisibilities,
} from '@plaza/contract';
import { allowedImageTypes } from '@plaza/contract/uploads';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useBlocker, useNavigate, useParams } from 'react-router';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { visuallyHidden } from '../../lib/visually-hidden';
import {
  adminPageQuery,
  previewQuery,
  uploadPageImage,
  useAssignPage,
  useDeletePage,
  usePublishPage,
  useSavePage,
} from './api';
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
import { SelectInput, SwitchInput, TextInput } from './fields';
import { LookupsProvider, lookupsOfPreview, useLookups } from './lookups';
import { ModuleForm } from './module-forms';
import { moved, RowActions } from './row-actions';
import { assignmentKeys, StatusChips } from './status';
import { UploadButton } from './upload-button';

/** The page editor (`/{lang}/manage_pages/{id}`): superadmins only. */
export function PageEditorPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useSession();
  const id = Number(useParams().id);
  const superadmin = Boolean(user?.permissions.includes('superadmin'));
  const valid = Number.isInteger(id) && id > 0;
  const page = useQuery({ ...adminPageQuery(id), enabled: superadmin && valid });
  if (!superadmin) return <Navigate to={`/${lang}/403`} replace />;
  if (!valid) return <Navigate to={`/${lang}/404`} replace />;
  if (page.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('page_admin.loading')} />
      </Box>
    );
  }
  if (page.isError) {
    return (
      <>
        <BackLink />
        <Alert severity="error" sx={{ mt: 2 }}>
          {apiErrorText(t, page.error)}
        </Alert>
      </>
    );
  }
  return <PageEditor key={page.data.id} page={page.data} />;
}

function BackLink() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Button component={RouterLink} to={`/${lang}/manage_pages`} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
      {t('page_admin.back_to_list')}
    </Button>
  );
}

/** A titled section of the editor. */
function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2.5 }, mb: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={id} variant="h2" sx={{ flex: 1, fontSize: '1.25rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** The editor with the page's draft in its state; the saved draft is the page as last stored. */
function PageEditor({ page }: { page: AdminPage }) {
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

  // Leaving with unsaved changes asks first: in the app, and when the tab closes or reloads.
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

      <Box
        role="toolbar"
        aria-label={t('page_admin.actions.label')}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
      >
        <Button variant="outlined" onClick={onSave} disabled={busy || !dirty}>
          {t('page_admin.actions.save')}
        </Button>
        <Button
          variant="contained"
          onClick={() => onPublish(true)}
          disabled={busy || (published && !pendingChanges)}
        >
          {published ? t('page_admin.actions.publish_changes') : t('page_admin.actions.publish')}
        </Button>
        {published && (
          <Button variant="outlined" onClick={() => onPublish(false)} disabled={busy}>
            {t('page_admin.actions.unpublish')}
          </Button>
        )}
        <Button
          component="a"
          href={`/${lang}/previews/${status.preview_id}`}
          target="_blank"
          rel="noopener"
          endIcon={<OpenInNew aria-hidden />}
        >
          {t('page_admin.actions.preview')}
          <Box component="span" sx={visuallyHidden}>
            {` (${t('page_admin.actions.new_tab')})`}
          </Box>
        </Button>
        {published && (
          <Button component="a" href={`/${lang}/page/${page.id}`} target="_blank" rel="noopener">
            {t('page_admin.actions.view')}
            <Box component="span" sx={visuallyHidden}>
              {` (${t('page_admin.actions.new_tab')})`}
            </Box>
          </Button>
        )}
        <Button color="error" onClick={() => setDeleting(true)} disabled={busy}>
          {t('page_admin.actions.delete')}
        </Button>
      </Box>
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
        <TextInput
          label={t('page_admin.fields.page_title')}
          value={draft.title}
          onChange={(title) => update({ title })}
          error={errorAt('title')}
          required
        />
        <SelectInput
          label={t('page_admin.fields.type')}
          value={draft.type}
          options={pageTypes.map((value) => ({ value, label: t(`page_admin.types.${value}`) }))}
          onChange={(type) => update({ type })}
        />
        <TextInput
          label={t('page_admin.fields.teaser')}
          value={draft.teaser}
          onChange={(teaser) => update({ teaser })}
          error={errorAt('teaser')}
          helperText={t('page_admin.fields.optional')}
          multiline
        />
        <SelectInput
          label={t('page_admin.fields.visibility')}
          value={draft.visibility}
          options={pageVisibilities.map((value) => ({ value, label: t(`page_admin.visibility.${value}`) }))}
          onChange={(visibility) => update({ visibility })}
        />
        <SwitchInput
          label={t('page_admin.fields.comments_allowed')}
          checked={draft.comments_allowed}
          onChange={(comments_allowed) => update({ comments_allowed })}
        />
        <SwitchInput
          label={t('page_admin.fields.likes_allowed')}
          checked={draft.likes_allowed}
          onChange={(likes_allowed) => update({ likes_allowed })}
        />
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
        <FormGroup aria-label={t('page_admin.sections.assignments')}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('page_admin.assignments.intro')}
          </Typography>
          {assignmentKeys.map((key) => (
            <FormControlLabel
              key={key}
              control={
                <Checkbox
                  checked={status.assigned_as.includes(key)}
                  disabled={assign.isPending}
                  onChange={(event) => onAssign(key, event.target.checked)}
                />
              }
              label={t(`page_admin.assignments.${key}`)}
            />
          ))}
        </FormGroup>
      </Section>

      <Section title={t('page_admin.sections.modules')}>
        {draft.modules.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('page_admin.no_modules')}
          </Typography>
        )}
        {errorAt('modules') && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {errorAt('modules')}
          </Alert>
        )}
        <Box
          component="ol"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={t('page_admin.sections.modules')}
        >
          {draft.modules.map((module, index) => {
            const name = moduleName(module, index);
            return (
              <Paper
                component="li"
                variant="outlined"
                key={module.key}
                id={`module-${module.key}`}
                aria-label={name}
                sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, bgcolor: 'background.default' }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
                  <Typography component="h3" variant="h3" sx={{ flex: 1, fontSize: '1.05rem', minWidth: 0 }}>
                    {name}
                  </Typography>
                  <RowActions
                    name={name}
                    index={index}
                    count={draft.modules.length}
                    onMove={(to) => moveModule(index, to)}
                    onRemove={() => setRemoving(module)}
                  />
                </Box>
                <ModuleForm
                  type={module.type}
                  data={module.data}
                  set={(patch) => setModuleData(module.key, patch)}
                  errorAt={(path) => errorAt(`modules.${index}.data.${path}`)}
                  pageId={page.id}
                />
              </Paper>
            );
          })}
        </Box>
        {draft.modules.length < pageModuleLimits.modules && <AddModuleButton onAdd={addModule} />}
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
              requestAnimationFrame(() => navigate(`/${lang}/manage_pages`, { replace: true }));
            },
          })
        }
        onClose={() => setDeleting(false)}
        destructive
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('page_admin.confirm_leave.title')}
        text={t('page_admin.confirm_leave.text')}
        confirmLabel={t('page_admin.confirm_leave.confirm')}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
        destructive
      />
    </Box>
  );
}

function ShareFields({
  draft,
  pageId,
  update,
  errorAt,
}: {
  draft: EditorDraft;
  pageId: number;
  update: (patch: (before: EditorDraft) => Partial<EditorDraft>) => void;
  errorAt: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const { lookups, remember } = useLookups();
  const share = draft.share;
  const url = share.image_id === null ? undefined : lookups.images.get(share.image_id);
  return (
    <>
      <TextInput
        label={t('page_admin.share.title')}
        value={share.title}
        onChange={(title) => update((before) => ({ share: { ...before.share, title } }))}
        error={errorAt('share_options.title')}
        required
      />
      <TextInput
        label={t('page_admin.share.description')}
        value={share.description}
        onChange={(description) => update((before) => ({ share: { ...before.share, description } }))}
        error={errorAt('share_options.description')}
        helperText={t('page_admin.fields.optional')}
        multiline
      />
      <Typography variant="subtitle2" component="p" sx={{ mt: 1 }}>
        {t('page_admin.share.image')}
      </Typography>
      {share.image_id !== null && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, my: 1, flexWrap: 'wrap' }}>
          {url ? (
            <Box
              component="img"
              src={url}
              alt={t('page_admin.share.image')}
              sx={{ width: 160, maxWidth: '100%', borderRadius: 1 }}
            />
          ) : (
            <Typography variant="body2">{t('page_admin.share.image_set')}</Typography>
          )}
          <Button
            color="error"
            onClick={() => update((before) => ({ share: { ...before.share, image_id: null } }))}
          >
            {t('page_admin.share.remove_image')}
          </Button>
        </Box>
      )}
      <UploadButton
        label={share.image_id === null ? t('page_admin.share.upload') : t('page_admin.share.replace')}
        accept={allowedImageTypes.join(',')}
        multiple={false}
        send={(file) => uploadPageImage(pageId, file)}
        onUploaded={(uploaded) => {
          remember('images', uploaded.id, uploaded.url);
          update((before) => ({ share: { ...before.share, image_id: uploaded.id } }));
        }}
      />
    </>
  );
}

function AddModuleButton({ onAdd }: { onAdd: (type: PageModuleType) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        variant="contained"
        startIcon={<Add />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('page_admin.add_module')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {pageModuleTypes.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              onAdd(type);
            }}
          >
            {t(`page_admin.modules.${type}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
