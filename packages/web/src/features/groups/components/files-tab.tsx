import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { StoredFile } from '@plaza/contract';
import { dateFormats } from '@plaza/contract/constants';
import { type UseMutationResult, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatFileSize } from '../../../lib/file-size';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { groupFilesQuery } from '../api/group';
import { filesPaging } from '../page-sizes';
import { FileDropZone } from './file-drop-zone';

interface FilesTabProps {
  /** The query of the newest `limit` files of the group or topic. */
  filesQuery: (limit: number) => ReturnType<typeof groupFilesQuery>;
  /** Present when the viewer may upload (post_content). */
  upload?: UseMutationResult<unknown, Error, File>;
  remove: UseMutationResult<unknown, Error, number>;
}

/**
 * Files of a group or topic, newest first: 8 first and 8 more per step (6 on phones), each with a
 * download link and, when allowed, a delete button behind a confirmation; upload by button or drop.
 */
export function FilesTab({ filesQuery, upload, remove }: FilesTabProps) {
  const { t, i18n } = useTranslation();
  const paging = filesPaging(useIsMobile());
  const [limit, setLimit] = useState<number>(paging.first);
  const files = useQuery(filesQuery(limit));
  const [toDelete, setToDelete] = useState<StoredFile | null>(null);
  const [message, setMessage] = useState<{ severity: 'error' | 'success'; text: string } | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        setMessage({ severity: 'success', text: t('group_page.files.deleted') });
      },
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {upload && (
        <FileDropZone
          pending={upload.isPending}
          onFile={(file) => {
            setMessage(null);
            upload.mutate(file, {
              onSuccess: () => setMessage({ severity: 'success', text: t('group_page.files.uploaded') }),
              onError: (error) => setMessage({ severity: 'error', text: apiErrorText(t, error) }),
            });
          }}
          onRejected={(text) => setMessage({ severity: 'error', text })}
        />
      )}
      {message && (
        <Alert
          severity={message.severity}
          role={message.severity === 'error' ? 'alert' : 'status'}
          onClose={() => setMessage(null)}
        >
          {message.text}
        </Alert>
      )}
      {files.isPending && <CircularProgress aria-label={t('group_page.loading')} />}
      {files.isError && <Alert severity="error">{apiErrorText(t, files.error)}</Alert>}
      {files.data && files.data.results.length === 0 && (
        <Typography>{t('group_page.files.empty')}</Typography>
      )}
      {files.data && files.data.results.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {files.data.results.map((file) => (
            <Box
              component="li"
              key={file.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                minWidth: 0,
              }}
            >
              <FileIcon color="action" aria-hidden />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Link
                  href={file.link}
                  download={file.name}
                  title={t('group_page.files.download', { name: file.name })}
                  sx={{
                    overflowWrap: 'anywhere',
                    fontWeight: 500,
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: 0.5,
                  }}
                >
                  {file.name}
                  <DownloadIcon fontSize="small" aria-hidden />
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {[
                    formatFileSize(file.size, i18n.language),
                    dayjs(file.date).format(dateFormats.topicDate),
                    file.uploader.combined_name,
                  ].join(' · ')}
                </Typography>
              </Box>
              {file.can_delete && (
                <IconButton
                  onClick={() => {
                    remove.reset();
                    setToDelete(file);
                  }}
                  aria-label={t('group_page.files.delete', { name: file.name })}
                >
                  <DeleteIcon />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
      {files.data && files.data.pagination.total > limit && (
        <Box>
          <Button
            variant="outlined"
            onClick={() => setLimit(limit + paging.step)}
            disabled={files.isFetching}
          >
            {t('group_page.show_more')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('group_page.files.confirm_delete.title')}
        text={t('group_page.files.confirm_delete.text', { name: toDelete?.name ?? '' })}
        confirmLabel={t('group_page.files.confirm_delete.confirm')}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
        pending={remove.isPending}
        error={remove.isError ? apiErrorText(t, remove.error) : null}
        destructive
      />
    </Box>
  );
}
