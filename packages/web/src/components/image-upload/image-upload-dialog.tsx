import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import type { ImageCrop, UploadedImage } from '@plaza/contract';
import { useEffect, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../lib/api-error-text';
import { FormDialog } from '../form-dialog';
import { DropZone } from './drop-zone';
import { checkImageFiles, cropInOriginal } from './image-file';

/** Where an image goes: the upload call and the crop call of its resource (group image, avatar...). */
export interface ImageUploadTarget {
  upload: (file: File) => Promise<UploadedImage>;
  crop: (id: number, coordinates: ImageCrop) => Promise<UploadedImage>;
}

export interface ImageUploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the cropped image (its id and url) once it is saved. */
  onDone: (image: UploadedImage) => void;
  target: ImageUploadTarget;
  /** Width to height of the crop rectangle. */
  aspect?: number;
  /** A round crop mask (avatars). */
  round?: boolean;
  title?: string;
}

type Step = { kind: 'choose' } | { kind: 'crop'; file: File; uploaded: UploadedImage };

/**
 * Uploads one image and crops it: drop or choose a file (checked here, and again by the server),
 * it is uploaded at once, then cropped with a zoom slider; the crop is saved on the server in
 * pixels of the original.
 */
export function ImageUploadDialog({ open, onClose, ...rest }: ImageUploadDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="sm">
      {(titleId) => <ImageUploadFlow onClose={onClose} titleId={titleId} {...rest} />}
    </FormDialog>
  );
}

function ImageUploadFlow({
  onClose,
  onDone,
  target,
  aspect = 16 / 9,
  round = false,
  title,
  titleId,
}: Omit<ImageUploadDialogProps, 'open'> & { titleId: string }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const cropHintId = useId();

  const file = step.kind === 'crop' ? step.file : null;
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = async (files: FileList) => {
    setError(null);
    const problem = checkImageFiles(files);
    const chosen = files[0];
    if (problem || !chosen)
      return setError(t(`image_upload.errors.${problem?.key ?? 'one_file'}`, problem?.values));
    setBusy(true);
    try {
      const uploaded = await target.upload(chosen);
      setCrop({ x: 0, y: 0 });
      setZoom(1);
      setArea(null);
      setStep({ kind: 'crop', file: chosen, uploaded });
    } catch (caught) {
      setError(apiErrorText(t, caught));
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (step.kind !== 'crop' || !area) return;
    setError(null);
    setBusy(true);
    try {
      const image = await target.crop(step.uploaded.id, cropInOriginal(area, step.uploaded.original));
      onDone(image);
      onClose();
    } catch (caught) {
      setError(apiErrorText(t, caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogTitle id={titleId}>{title ?? t('image_upload.title')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {step.kind === 'choose' && <DropZone onFiles={choose} disabled={busy} />}
        {step.kind === 'crop' && preview && (
          <>
            <Typography id={cropHintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('image_upload.crop_hint')}
            </Typography>
            <Box
              sx={{
                position: 'relative',
                height: { xs: 280, sm: 340 },
                bgcolor: 'grey.900',
                borderRadius: 1,
              }}
            >
              <Cropper
                image={preview}
                crop={crop}
                zoom={zoom}
                aspect={aspect}
                cropShape={round ? 'round' : 'rect'}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(percent) => setArea(percent)}
                cropperProps={{
                  role: 'group',
                  'aria-label': t('image_upload.crop_area'),
                  'aria-describedby': cropHintId,
                }}
              />
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, px: 1 }}>
              <Typography id={`${cropHintId}-zoom`} variant="body2">
                {t('image_upload.zoom')}
              </Typography>
              <Slider
                value={zoom}
                min={1}
                max={3}
                step={0.05}
                onChange={(_, value) => setZoom(value as number)}
                aria-labelledby={`${cropHintId}-zoom`}
                getAriaValueText={(value) => `${Math.round(value * 100)} %`}
              />
            </Box>
          </>
        )}
        {busy && <LinearProgress sx={{ mt: 2 }} aria-label={t('image_upload.working')} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step.kind === 'crop' && (
          <Button onClick={() => setStep({ kind: 'choose' })} disabled={busy} sx={{ mr: 'auto' }}>
            {t('image_upload.other_image')}
          </Button>
        )}
        <Button onClick={onClose}>{t('image_upload.cancel')}</Button>
        {step.kind === 'crop' && (
          <Button variant="contained" onClick={save} disabled={busy || !area}>
            {t('image_upload.save')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
