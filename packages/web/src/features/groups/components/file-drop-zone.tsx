import UploadIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { limits } from '@plaza/contract/constants';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface FileDropZoneProps {
  onFile: (file: File) => void;
  /** A file that cannot be sent (too large): the text to show. */
  onRejected: (text: string) => void;
  pending: boolean;
}

/** Upload one file by dropping it here or through the button (the keyboard way); 20 MB at most. */
export function FileDropZone({ onFile, onRejected, pending }: FileDropZoneProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (file: File | undefined) => {
    if (!file) return;
    if (file.size > limits.uploadMaxBytes) onRejected(t('group_page.files.too_large'));
    else onFile(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!pending) take(event.dataTransfer.files[0]);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <Button
        variant="contained"
        startIcon={<UploadIcon />}
        onClick={() => input.current?.click()}
        disabled={pending}
      >
        {pending ? t('group_page.files.uploading') : t('group_page.files.upload')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t('group_page.files.drop_hint')}
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          take(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </Box>
  );
}
