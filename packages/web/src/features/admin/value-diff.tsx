import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { diffLines, jsonLines } from './json-diff';

const marks = { ' ': 'transparent', '-': 'rgba(211, 47, 47, 0.12)', '+': 'rgba(46, 125, 50, 0.14)' };

/**
 * Two values as a readable diff of their JSON lines: `−` lines only in `from`, `+` lines only in `to`
 * (`legend` says which is which). Equal values say so.
 */
export function ValueDiff({
  from,
  to,
  label,
  legend,
}: {
  from: unknown;
  to: unknown;
  label: string;
  legend: string;
}) {
  const { t } = useTranslation();
  const lines = diffLines(jsonLines(from), jsonLines(to));
  if (lines.every((line) => line.kind === ' ')) return <Typography>{t('admin.diff.same')}</Typography>;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {legend}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={label}
        sx={{
          m: 0,
          mt: 1,
          p: 1,
          maxHeight: 400,
          overflow: 'auto',
          fontSize: '0.8rem',
          bgcolor: 'action.hover',
        }}
      >
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no identity but their place
          <Box component="span" key={index} sx={{ display: 'block', bgcolor: marks[line.kind] }}>
            {line.kind === ' ' ? '  ' : `${line.kind === '-' ? '−' : '+'} `}
            {line.text}
          </Box>
        ))}
      </Box>
    </>
  );
}
