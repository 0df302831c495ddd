import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { UploadedImage } from '@plaza/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyImageUploadDialog } from '../../components/image-upload/lazy-image-upload-dialog';
import { cropGroupImage, uploadGroupImage } from './api/groups-list';

const groupImageTarget = { upload: uploadGroupImage, crop: cropGroupImage };

/** The group image of the group form: a preview, upload (with crop) and remove. */
export function GroupImageField({
  url,
  onUploaded,
  onRemove,
  required,
  error,
  disabled = false,
}: {
  url: string | null;
  onUploaded: (image: UploadedImage) => void;
  /** Absent when the image may not be removed. */
  onRemove?: () => void;
  required: boolean;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const helperId = useId();
  const helper = error ?? (required && !url ? t('groups.form.image_required_hint') : undefined);
  return (
    <Box component="section" aria-labelledby={labelId} sx={{ mt: 2 }}>
      <Typography id={labelId} component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {t('groups.form.image')}
        {required && <span aria-hidden> *</span>}
      </Typography>
      {url ? (
        <Box
          component="img"
          src={url}
          alt={t('groups.form.image_preview')}
          sx={{
            display: 'block',
            width: '100%',
            maxWidth: 360,
            aspectRatio: '16 / 9',
            objectFit: 'cover',
            borderRadius: 1,
            mt: 1,
          }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('groups.form.no_image')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => setOpen(true)}
          disabled={disabled}
          aria-describedby={helper ? helperId : undefined}
        >
          {url ? t('groups.form.change_image') : t('groups.form.upload_image')}
        </Button>
        {url && onRemove && (
          <Button color="error" onClick={onRemove} disabled={disabled}>
            {t('groups.form.remove_image')}
          </Button>
        )}
      </Box>
      {helper && (
        <FormHelperText id={helperId} error={Boolean(error)}>
          {helper}
        </FormHelperText>
      )}
      <LazyImageUploadDialog
        open={open}
        onClose={() => setOpen(false)}
        onDone={onUploaded}
        target={groupImageTarget}
        title={t('groups.form.image_dialog')}
      />
    </Box>
  );
}
