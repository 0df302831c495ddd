import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftFile } from './post-rules';

/** The attach button and the post's files: a spinner while one uploads, a remove button on each. */
export function PostFilesField({
  files,
  onAdd,
  onRemove,
  disabled,
  max,
}: {
  files: DraftFile[];
  onAdd: (files: File[]) => void;
  onRemove: (file: DraftFile) => void;
  disabled: boolean;
  max: number;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-hidden
        data-testid="post-file-input"
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []).slice(0, Math.max(0, max - files.length));
          event.target.value = '';
          if (chosen.length) onAdd(chosen);
        }}
      />
      <Button
        size="small"
        startIcon={<AttachFileIcon />}
        disabled={disabled || files.length >= max}
        onClick={() => input.current?.click()}
      >
        {t('posts.create.attach')}
      </Button>
      {files.length > 0 && (
        <Box
          component="ul"
          aria-label={t('posts.create.files')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1, width: '100%' }}
        >
          {files.map((file) => (
            <Box
              component="li"
              key={file.key}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                pl: 1.5,
                pr: 0.5,
                minHeight: 32,
                borderRadius: 4,
                bgcolor: 'action.selected',
                maxWidth: 280,
              }}
            >
              <Box
                component="span"
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {file.name}
              </Box>
              {file.id === null ? (
                <CircularProgress
                  size={18}
                  sx={{ m: 0.75 }}
                  aria-label={t('posts.create.uploading', { name: file.name })}
                />
              ) : (
                <IconButton
                  size="small"
                  aria-label={t('posts.create.remove_file', { name: file.name })}
                  onClick={() => onRemove(file)}
                  disabled={disabled}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}
