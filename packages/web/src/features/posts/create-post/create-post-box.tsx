import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { avatarSizes, limits } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { FallbackAvatar } from '../../../components/fallback-avatar';
import { LinkPreviewInput } from '../../../components/link-preview-input';
import { RichTextEditor } from '../../../components/rich-text/rich-text-editor';
import { apiErrorText } from '../../../lib/api-error-text';
import {
  postOptionsQuery,
  removePostFile,
  searchMentionCandidates,
  uploadPostFile,
  useCreatePost,
} from '../api/posts';
import { AuthorField } from './author-field';
import { PostFilesField } from './post-files-field';
import {
  type DraftFile,
  draftErrors,
  draftToInput,
  emptyDraft,
  type PostDraft,
  uploadsPending,
} from './post-rules';
import { PostTargetFields } from './post-target-fields';

/** May this member choose the author of a post (spec 6 post_as_author)? */
export function mayChooseAuthor(authorFunction: boolean, permissions: readonly string[]): boolean {
  return authorFunction && (permissions.includes('superadmin') || permissions.includes('post_as_author'));
}

let fileKey = 0;

/**
 * The create-post box (spec 4 "Create post", 5 "Post"): the member's avatar, rich text with
 * @mentions and emojis, files, a link preview, group and topic (preselected on a group or topic page),
 * the author when allowed. Submit is disabled while pending or invalid; success resets everything to
 * the preselection.
 */
export function CreatePostBox({
  groupId = null,
  topicId = null,
  onClose,
}: {
  groupId?: number | null;
  topicId?: number | null;
  /** Given when the box was opened from its collapsed line: cancel and a sent post close it again. */
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.user;
  const errorId = useId();
  const [draft, setDraft] = useState<PostDraft>(() => emptyDraft(groupId, topicId));
  const [touched, setTouched] = useState(false);
  // A new key after a post remounts the link input, so its typed text goes with the reset.
  const [round, setRound] = useState(0);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const options = useQuery(postOptionsQuery());
  const create = useCreatePost();
  const allowWithoutGroup = options.data?.allow_without_group ?? session.allow_posts_without_grp_and_topic;
  const errors = draftErrors(draft, { allowWithoutGroup, options: options.data?.results ?? [] });
  const pending = create.isPending || uploadsPending(draft);
  const update = (patch: Partial<PostDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const addFiles = (chosen: File[]) => {
    setUploadError(null);
    const added: DraftFile[] = chosen.map((file) => ({ key: `f${++fileKey}`, name: file.name, id: null }));
    setDraft((current) => ({ ...current, files: [...current.files, ...added] }));
    added.forEach((entry, index) => {
      uploadPostFile(chosen[index] as File).then(
        (stored) =>
          setDraft((current) => ({
            ...current,
            files: current.files.map((file) => (file.key === entry.key ? { ...file, id: stored.id } : file)),
          })),
        (error: unknown) => {
          setUploadError(error);
          setDraft((current) => ({
            ...current,
            files: current.files.filter((file) => file.key !== entry.key),
          }));
        },
      );
    });
  };
  const removeFile = (file: DraftFile) => {
    setDraft((current) => ({ ...current, files: current.files.filter((entry) => entry.key !== file.key) }));
    if (file.id !== null) void removePostFile(file.id).catch(() => undefined);
  };

  const submit = () => {
    setTouched(true);
    if (errors.length || pending) return;
    create.mutate(draftToInput(draft), {
      onSuccess: () => {
        setDraft(emptyDraft(groupId, topicId));
        setTouched(false);
        setRound((value) => value + 1);
        onClose?.();
      },
    });
  };

  const showError = (key: 'description' | 'group' | 'topic') => touched && errors.includes(key);
  return (
    <Card variant="outlined" component="section" aria-label={t('posts.create.title')} sx={{ mb: 3 }}>
      <CardContent
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}
      >
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <FallbackAvatar src={user?.img_path} size={avatarSizes.postBox} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <RichTextEditor
            value={draft.description}
            onChange={(description, text) => update({ description, text })}
            label={t('posts.create.description')}
            placeholder={t('posts.create.placeholder', { name: user?.firstname ?? '' })}
            disabled={create.isPending}
            searchMentions={searchMentionCandidates}
            invalid={showError('description')}
            describedBy={showError('description') ? errorId : undefined}
            autoFocus={Boolean(onClose)}
          />
          {showError('description') && (
            <Box id={errorId} sx={{ color: 'error.main', fontSize: '0.875rem', mt: -1.5 }}>
              {t('posts.create.description_required')}
            </Box>
          )}
          <PostTargetFields
            options={options.data?.results ?? []}
            groupId={draft.groupId}
            topicId={draft.topicId}
            onChange={(nextGroup, nextTopic) => update({ groupId: nextGroup, topicId: nextTopic })}
            fixedGroup={groupId !== null}
            fixedTopic={topicId !== null}
            allowWithoutGroup={allowWithoutGroup}
            disabled={create.isPending}
            errors={{ group: showError('group'), topic: showError('topic') }}
          />
          <AuthorField
            value={draft.authorId}
            onChange={(authorId) => update({ authorId })}
            disabled={create.isPending}
          />
          <LinkPreviewInput
            key={round}
            value={draft.preview}
            onChange={(preview) => update({ preview })}
            link={draft.link}
            onLinkChange={(link) => update({ link })}
            disabled={create.isPending}
          />
          {(create.isError || uploadError !== null) && (
            <Alert severity="error">{apiErrorText(t, create.error ?? uploadError)}</Alert>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <PostFilesField
              files={draft.files}
              onAdd={addFiles}
              onRemove={removeFile}
              disabled={create.isPending}
              max={limits.postMaxFiles}
            />
            {onClose && (
              <Button sx={{ ml: 'auto' }} onClick={onClose} disabled={create.isPending}>
                {t('app.cancel')}
              </Button>
            )}
            <Button
              type="submit"
              variant="contained"
              sx={{ ml: onClose ? 0 : 'auto' }}
              disabled={pending || errors.length > 0}
            >
              {create.isPending ? t('posts.create.sending') : t('posts.create.submit')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
