import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { pageModuleLimits } from '@plaza/contract/page-modules';
import { allowedFileTypes, allowedImageTypes } from '@plaza/contract/uploads';
import { useTranslation } from 'react-i18next';
import { uploadPageFile, uploadPageImage } from './api';
import type { ModuleData } from './draft';
import { TextInput } from './fields';
import { useLookups } from './lookups';
import { ListError, type ModuleFormProps, OptionalTitle, type Row, rowsOf } from './module-form-parts';
import { moved, RowActions } from './row-actions';
import { UploadButton } from './upload-button';

/** A gallery: uploaded images in order, each with a caption. */
export function GalleryForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt, pageId } = props;
  const { lookups, remember } = useLookups();
  const images = rowsOf(data.images);
  const setImages = (next: Row[]) => set({ images: next });
  return (
    <>
      <OptionalTitle {...props} />
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('page_admin.gallery.list')}>
        {images.map((image, index) => {
          const id = Number(image.image_id);
          const name = t('page_admin.gallery.image', { n: index + 1 });
          const url = lookups.images.get(id);
          return (
            <Paper
              component="li"
              variant="outlined"
              key={id}
              sx={{ display: 'flex', gap: 1.5, p: 1, mb: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
            >
              <Box
                sx={{
                  width: 96,
                  height: 72,
                  flexShrink: 0,
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  overflow: 'hidden',
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                {url ? (
                  <Box
                    component="img"
                    src={url}
                    alt={String(image.caption ?? '') || name}
                    sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                ) : (
                  <Typography variant="caption">{name}</Typography>
                )}
              </Box>
              <Box sx={{ flex: { xs: '1 1 100%', sm: '1 1 180px' }, minWidth: 0, order: { xs: 1, sm: 0 } }}>
                <TextInput
                  label={t('page_admin.gallery.caption', { n: index + 1 })}
                  value={image.caption}
                  onChange={(caption) =>
                    setImages(images.map((item, at) => (at === index ? { ...item, caption } : item)))
                  }
                  error={errorAt(`images.${index}.caption`)}
                  helperText={t('page_admin.fields.optional')}
                />
              </Box>
              <RowActions
                name={name}
                index={index}
                count={images.length}
                onMove={(to) => setImages(moved(images, index, to))}
                onRemove={() => setImages(images.filter((_, at) => at !== index))}
              />
            </Paper>
          );
        })}
      </Box>
      {images.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('page_admin.gallery.empty')}
        </Typography>
      )}
      <ListError text={errorAt('images')} />
      {images.length < pageModuleLimits.galleryImages && (
        <UploadButton
          label={t('page_admin.gallery.add')}
          accept={allowedImageTypes.join(',')}
          send={(file) => uploadPageImage(pageId, file)}
          onUploaded={(uploaded) => {
            remember('images', uploaded.id, uploaded.url);
            // Several uploads in a row: each adds to the newest list (set merges into the latest data).
            set((current: ModuleData) => ({
              images: [...rowsOf(current.images), { image_id: uploaded.id, caption: '' }],
            }));
          }}
        />
      )}
    </>
  );
}

/** Bytes as a short size. */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Downloads: uploaded files in order, each with a title. */
export function DownloadsForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt, pageId } = props;
  const { lookups, remember } = useLookups();
  const files = rowsOf(data.files);
  const setFiles = (next: Row[]) => set({ files: next });
  return (
    <>
      <OptionalTitle {...props} />
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('page_admin.downloads.list')}>
        {files.map((file, index) => {
          const id = Number(file.file_id);
          const known = lookups.files.get(id);
          const name = t('page_admin.downloads.file', { n: index + 1 });
          return (
            <Paper
              component="li"
              variant="outlined"
              key={id}
              sx={{ display: 'flex', gap: 1.5, p: 1, mb: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
            >
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {known ? `${known.name} · ${sizeText(known.size)}` : name}
                </Typography>
                <TextInput
                  label={t('page_admin.downloads.title', { n: index + 1 })}
                  value={file.title}
                  onChange={(title) =>
                    setFiles(files.map((item, at) => (at === index ? { ...item, title } : item)))
                  }
                  error={errorAt(`files.${index}.title`)}
                  required
                />
              </Box>
              <RowActions
                name={name}
                index={index}
                count={files.length}
                onMove={(to) => setFiles(moved(files, index, to))}
                onRemove={() => setFiles(files.filter((_, at) => at !== index))}
              />
            </Paper>
          );
        })}
      </Box>
      {files.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('page_admin.downloads.empty')}
        </Typography>
      )}
      <ListError text={errorAt('files')} />
      {files.length < pageModuleLimits.downloads && (
        <UploadButton
          label={t('page_admin.downloads.add')}
          accept={allowedFileTypes.join(',')}
          send={(file) => uploadPageFile(pageId, file)}
          onUploaded={(uploaded) => {
            remember('files', uploaded.id, { name: uploaded.name, size: uploaded.size });
            const title = uploaded.name.replace(/\.[^.]+$/, '').slice(0, pageModuleLimits.titleMaxLength);
            set((current: ModuleData) => ({
              files: [...rowsOf(current.files), { file_id: uploaded.id, title }],
            }));
          }}
        />
      )}
    </>
  );
}
