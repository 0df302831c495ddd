import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { PostFile } from '@plaza/contract';

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
      {others.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
          {others.map((file) => (
            <li key={file.id}>
              <Link href={file.link} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                <InsertDriveFileIcon fontSize="small" aria-hidden />
                {file.name}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </>
  );
}
