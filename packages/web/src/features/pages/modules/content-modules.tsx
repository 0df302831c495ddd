import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PageModuleOf } from '@plaza/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../../app/use-lang';
import { ImageLightbox } from '../../../components/image-lightbox';
import { RichHtml } from '../../../components/rich-html';
import { fileTypeName, formatFileSize, ModuleSection } from './module-section';

/** Rich text: the editor's HTML under its optional title. */
export function RichTextModule({ module }: { module: PageModuleOf<'rich_text'> }) {
  return (
    <ModuleSection title={module.data.title}>
      <RichHtml html={module.data.html} kind="article" />
    </ModuleSection>
  );
}

/** The data protection text (HTML), titled "Data protection" unless the editor named it. */
export function DataProtectionModule({ module }: { module: PageModuleOf<'data_protection'> }) {
  const { t } = useTranslation();
  return (
    <ModuleSection title={module.data.title || t('pages.modules.data_protection.title')}>
      <RichHtml html={module.data.html} kind="article" />
    </ModuleSection>
  );
}

/**
 * A gallery: thumbnails that open the lightbox (arrow keys step, Escape closes, focus returns to the
 * thumbnail); an image's caption is its alternative text and shows under it.
 */
export function GalleryModule({ module }: { module: PageModuleOf<'gallery'> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const images = module.cross_references.images;
  const count = images.length;
  const alt = (index: number) =>
    images[index]?.caption || t('pages.modules.gallery.image', { index: index + 1, count });
  if (count === 0) return null;
  return (
    <ModuleSection title={module.data.title || t('pages.modules.gallery.title')}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {images.map((image, index) => (
          <Box component="li" key={image.image_id} sx={{ minWidth: 0 }}>
            <Box component="figure" sx={{ m: 0 }}>
              <ButtonBase
                onClick={() => setOpen(index)}
                aria-label={t('pages.modules.gallery.enlarge', { name: alt(index) })}
                sx={{
                  display: 'block',
                  width: '100%',
                  borderRadius: 1,
                  overflow: 'hidden',
                  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                }}
              >
                <Box
                  component="img"
                  src={image.url}
                  alt={alt(index)}
                  width={image.width || undefined}
                  height={image.height || undefined}
                  loading="lazy"
                  sx={{
                    display: 'block',
                    width: '100%',
                    height: 'auto',
                    aspectRatio: '4 / 3',
                    objectFit: 'cover',
                  }}
                />
              </ButtonBase>
              {image.caption && (
                <Typography
                  component="figcaption"
                  variant="body2"
                  color="text.secondary"
                  sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
                >
                  {image.caption}
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Box>
      <ImageLightbox
        images={images.map((image, index) => ({
          src: image.url,
          alt: alt(index),
          original: image.url,
          caption: image.caption,
        }))}
        index={open}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
      />
    </ModuleSection>
  );
}

/** Downloads: each file's title as its link, with its kind and size. */
export function DownloadsModule({ module }: { module: PageModuleOf<'downloads'> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const files = module.cross_references.files;
  if (files.length === 0) return null;
  return (
    <ModuleSection title={module.data.title || t('pages.modules.downloads.title')}>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {files.map((file) => (
          <Box
            component="li"
            key={file.file_id}
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'flex-start',
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <DownloadIcon aria-hidden sx={{ mt: 0.25, color: 'text.secondary' }} />
            <Box sx={{ minWidth: 0 }}>
              <Link href={file.linkToDownload} download sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
                {file.title}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {t('pages.modules.downloads.details', {
                  type: fileTypeName(file.type),
                  size: formatFileSize(file.size, lang),
                })}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </ModuleSection>
  );
}

/** Subpage navigation: links to other CMS pages. */
export function SubpageNavigationModule({ module }: { module: PageModuleOf<'subpage_navigation'> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const pages = module.cross_references.pages;
  if (pages.length === 0) return null;
  const title = module.data.title || t('pages.modules.subpages.title');
  return (
    <ModuleSection title={title}>
      <Box component="nav" aria-label={title}>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {pages.map((page) => (
            <li key={page.id}>
              <Link
                component={RouterLink}
                to={`/${lang}/page/${page.id}`}
                sx={{
                  display: 'block',
                  p: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  overflowWrap: 'anywhere',
                  fontWeight: 500,
                }}
              >
                {page.title}
              </Link>
            </li>
          ))}
        </Box>
      </Box>
    </ModuleSection>
  );
}
