import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { PostFile } from '@plaza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileLinks } from '../../components/file-links';
import { lazyDialog } from '../../components/lazy-dialog';

/** The lightbox (and MUI's dialog) loads when a member first opens an image, not with the stream. */
const ImageLightbox = lazyDialog(
  () => import('../../components/image-lightbox').then((m) => m.ImageLightbox),
  (props) => props.index !== null,
);

/**
 * A post's files: images inline, each opening the lightbox, and the others as download links. An
 * image is described by where it is (the n-th image of whose post), never by its file name.
 */
export function PostFiles({ files, author }: { files: PostFile[]; author: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<number | null>(null);
  const images = files
    .filter((file) => file.is_image)
    .map((file, index, all) => ({
      id: file.id,
      src: file.link,
      original: file.link,
      alt:
        all.length > 1
          ? t('posts.files.image_of', { index: index + 1, count: all.length, name: author })
          : t('posts.files.image', { name: author }),
    }));
  const others = files.filter((file) => !file.is_image);
  return (
    <>
      {images.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: images.length > 1 ? '1fr 1fr' : '1fr',
            mt: 1.5,
          }}
        >
          {images.map((image, index) => (
            <ButtonBase
              key={image.id}
              onClick={() => setShown(index)}
              aria-label={t('posts.files.enlarge', { alt: image.alt })}
              sx={{ display: 'block', borderRadius: 1, overflow: 'hidden' }}
            >
              <Box
                component="img"
                src={image.src}
                alt=""
                sx={{ width: '100%', maxHeight: 420, objectFit: 'cover', display: 'block' }}
              />
            </ButtonBase>
          ))}
        </Box>
      )}
      <ImageLightbox images={images} index={shown} onIndexChange={setShown} onClose={() => setShown(null)} />
      {others.length > 0 && <FileLinks files={others} sx={{ m: 0, mt: 1.5 }} />}
    </>
  );
}
