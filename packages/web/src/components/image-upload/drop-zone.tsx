import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageAccept, maxMegabytes } from './image-file';

/** A zone to drop one image on, with a file button that works by keyboard. */
export function DropZone({
  onFiles,
  disabled = false,
}: {
  onFiles: (files: FileList) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const over = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles(event.dataTransfer.files);
  };

  return (
    <Box
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="image-drop-zone"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: { xs: 3, sm: 5 },
        textAlign: 'center',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
      }}
    >
      <CloudUploadIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
      <Typography>{t('image_upload.drop')}</Typography>
      <Typography color="text.secondary" variant="body2">
        {t('image_upload.or')}
      </Typography>
      <Button
        variant="contained"
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-describedby={hintId}
      >
        {t('image_upload.choose')}
      </Button>
      <Typography id={hintId} color="text.secondary" variant="body2">
        {t('image_upload.hint', { max: maxMegabytes })}
      </Typography>
      <input
        ref={input}
        type="file"
        accept={imageAccept}
        hidden
        data-testid="image-file-input"
        onChange={(event) => {
          if (event.target.files) onFiles(event.target.files);
          event.target.value = '';
        }}
      />
    </Box>
  );
}
