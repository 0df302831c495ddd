import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { pageVisibilities } from '@plaza/contract/news';
import { pageTypes } from '@plaza/contract/pages';
import { allowedImageTypes } from '@plaza/contract/uploads';
import { useTranslation } from 'react-i18next';
import { uploadPageImage } from './api';
import type { EditorDraft } from './draft';
import { SelectInput, SwitchInput, TextInput } from './fields';
import { useLookups } from './lookups';
import { assignmentKeys } from './status';
import { UploadButton } from './upload-button';

/** The page's own fields: title, type, teaser, visibility, comments and likes. */
export function PageFields({
  draft,
  update,
  errorAt,
}: {
  draft: EditorDraft;
  update: (patch: Partial<EditorDraft>) => void;
  errorAt: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/** What the page stands in for (start page, imprint, ...): stored at once, apart from the draft. */
export function AssignmentFields({
  assigned,
  pending,
  onAssign,
}: {
  assigned: string[];
  pending: boolean;
  onAssign: (key: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormGroup aria-label={t('page_admin.sections.assignments')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('page_admin.assignments.intro')}
      </Typography>
      {assignmentKeys.map((key) => (
        <FormControlLabel
          key={key}
          control={
            <Checkbox
              checked={assigned.includes(key)}
              disabled={pending}
              onChange={(event) => onAssign(key, event.target.checked)}
            />
          }
          label={t(`page_admin.assignments.${key}`)}
        />
      ))}
    </FormGroup>
  );
}

/** How the page looks when shared: title, description and image. */
export function ShareFields({
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
