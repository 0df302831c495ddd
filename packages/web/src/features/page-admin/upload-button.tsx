import UploadIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { limits } from '@plaza/contract/constants';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../lib/api-error-text';

/**
 * A button that picks files and uploads them one after another (`send`); each answer goes to
 * `onUploaded`. Files over the upload limit are refused before sending; a failed upload says why.
 */
export function UploadButton<T>({
  label,
  accept,
  multiple = true,
  send,
  onUploaded,
}: {
  label: string;
  accept?: string;
  multiple?: boolean;
  send: (file: File) => Promise<T>;
  onUploaded: (result: T, file: File) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const take = async (files: File[]) => {
    setProblem(null);
    setPending(true);
    try {
      for (const file of files) {
        if (file.size > limits.uploadMaxBytes) {
          setProblem(
            t('page_admin.upload.too_large', {
              name: file.name,
              max: Math.floor(limits.uploadMaxBytes / (1024 * 1024)),
            }),
          );
          continue;
        }
        try {
          onUploaded(await send(file), file);
        } catch (error) {
          setProblem(t('page_admin.upload.failed', { name: file.name, reason: apiErrorText(t, error) }));
        }
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ my: 1 }}>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) void take(files);
        }}
      />
      <Button
        variant="outlined"
        startIcon={pending ? <CircularProgress size={16} aria-hidden /> : <UploadIcon />}
        disabled={pending}
        onClick={() => input.current?.click()}
      >
        {pending ? t('page_admin.upload.pending') : label}
      </Button>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
