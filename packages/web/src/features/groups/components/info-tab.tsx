import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The info tab of a group or topic: its image, title and description. */
export function InfoTab({ infos }: { infos: { title: string; description: string; img: string | null } }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 760 }}>
      {infos.img && (
        <Box
          component="img"
          src={infos.img}
          alt=""
          sx={{ width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 1 }}
        />
      )}
      <Typography variant="h2" component="h2">
        {infos.title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{infos.description}</Typography>
    </Box>
  );
}
