import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Post } from '@plaza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { RichTextEditor } from '../../components/rich-text/rich-text-editor';
import { apiErrorText } from '../../lib/api-error-text';
import { searchMentionCandidates, useEditPost } from './api/posts';

function EditPostForm({ post, titleId, onDone }: { post: Post; titleId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useEditPost(post.item_id);
  // The editor reports its plain text on the first change; until then the post's own text counts.
  const [draft, setDraft] = useState({ html: post.description, empty: false });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!draft.empty) save.mutate(draft.html, { onSuccess: onDone });
      }}
    >
      <DialogTitle id={titleId}>{t('posts.edit.title')}</DialogTitle>
      <DialogContent>
        <RichTextEditor
          value={draft.html}
          onChange={(html, text) =>
            setDraft({ html, empty: !text.trim() && !html.includes('data-type="mention"') })
          }
          label={t('posts.create.description')}
          disabled={save.isPending}
          searchMentions={searchMentionCandidates}
          invalid={draft.empty}
        />
        {save.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {apiErrorText(t, save.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>{t('app.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={draft.empty || save.isPending}>
          {t('posts.edit.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * Changes the text of one's own post in the editor it was written with (this dialog is loaded on
 * its own, not with the stream). Group, topic, files and link preview stay as they are.
 */
export function EditPostDialog({ post, open, onClose }: { post: Post; open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="sm">
      {(titleId) => <EditPostForm post={post} titleId={titleId} onDone={onClose} />}
    </FormDialog>
  );
}
