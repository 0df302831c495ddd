import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';

/** Files as a list of download links, each with a file icon; `sx` places the list. */
export function FileLinks({
  files,
  label,
  sx,
}: {
  files: { link: string; name: string }[];
  label?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={[{ listStyle: 'none', p: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {files.map((file) => (
        <li key={file.link}>
          <Link href={file.link} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <InsertDriveFileIcon fontSize="small" aria-hidden />
            {file.name}
          </Link>
        </li>
      ))}
    </Box>
  );
}
