import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';
import { visuallyHidden } from '../../lib/visually-hidden';

/** The editor's actions: save, publish or unpublish, preview, view and delete the page. */
export function EditorActions({
  pageId,
  previewId,
  busy,
  dirty,
  published,
  pendingChanges,
  onSave,
  onPublish,
  onDelete,
}: {
  pageId: number;
  previewId: string;
  busy: boolean;
  dirty: boolean;
  published: boolean;
  /** Changes not yet published: unsaved ones or saved ones. */
  pendingChanges: boolean;
  onSave: () => void;
  onPublish: (on: boolean) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
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
        href={`/${lang}/previews/${previewId}`}
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
        <Button component="a" href={`/${lang}/page/${pageId}`} target="_blank" rel="noopener">
          {t('page_admin.actions.view')}
          <Box component="span" sx={visuallyHidden}>
            {` (${t('page_admin.actions.new_tab')})`}
          </Box>
        </Button>
      )}
      <Button color="error" onClick={onDelete} disabled={busy}>
        {t('page_admin.actions.delete')}
      </Button>
    </Box>
  );
}
