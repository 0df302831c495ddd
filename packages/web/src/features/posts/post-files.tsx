import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { PostFile } from '@plaza/contract';
import { FileLinks } from '../../components/file-links';

/** A post's files: images inline (linking to the full size), the others as download links. */
export function PostFiles({ files }: { files: PostFile[] }) {
  const images = files.filter((file) => file.is_image);
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
          {images.map((file) => (
            <Link key={file.id} href={file.link} target="_blank" rel="noopener">
              <Box
                component="img"
                src={file.link}
                alt={file.name}
                sx={{ width: '100%', maxHeight: 420, objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
            </Link>
          ))}
        </Box>
      )}
      {others.length > 0 && <FileLinks files={others} sx={{ m: 0, mt: 1.5 }} />}
    </>
  );
}
