import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RatingComments as Comments, ReviewPagination } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';
import { monthText } from './month-text';

const links: (keyof Omit<ReviewPagination, 'self'>)[] = ['first', 'prev', 'next', 'last'];

/** A rating's comments (month and text), newest first, with their own pages: newest, newer, older, oldest. */
export function RatingComments({
  comments,
  onPage,
}: {
  comments: Comments | undefined;
  onPage: (cursor: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Box component="section" aria-labelledby="rating-comments">
      <Typography id="rating-comments" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('ratings.comments')}
      </Typography>
      {comments && comments.results.length === 0 && (
        <Typography color="text.secondary">{t('ratings.no_comments')}</Typography>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {comments?.results.map((comment, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: comments carry no id (anonymity); a page's order is fixed.
          <Paper component="li" variant="outlined" key={`${comments.pagination.self}-${index}`} sx={{ p: 2 }}>
            <Typography variant="body2" color="text.secondary" component="p">
              {monthText(comment.create_date, lang)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{comment.text}</Typography>
          </Paper>
        ))}
      </Stack>
      {comments && links.some((key) => comments.pagination[key]) && (
        <Stack
          component="nav"
          aria-label={t('ratings.comments_nav')}
          direction="row"
          spacing={1}
          sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}
        >
          {links.map((key) => {
            const cursor = comments.pagination[key];
            return (
              <Button key={key} size="small" disabled={!cursor} onClick={() => cursor && onPage(cursor)}>
                {t(`ratings.${key}`)}
              </Button>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
