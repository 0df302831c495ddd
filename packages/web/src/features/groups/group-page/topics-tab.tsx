import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Group } from '@plaza/contract';
import { dateFormats } from '@plaza/contract/constants';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { topicsPaging } from '../page-sizes';

/** The topics of a group with their dates (DD.MM.YYYY): 5 first, then 5 more per step (3 on phones). */
export function TopicsTab({ group }: { group: Pick<Group, 'id' | 'topics'> }) {
  const { t } = useTranslation();
  const { lang } = useParams();
  const paging = topicsPaging(useIsMobile());
  const [shown, setShown] = useState<number>(paging.first);
  if (group.topics.length === 0) return <Typography>{t('group_page.topics.empty')}</Typography>;
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {group.topics.slice(0, shown).map((topic) => (
          <Box
            component="li"
            key={topic.id}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'space-between',
              alignItems: 'baseline',
              columnGap: 2,
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            <Link
              component={RouterLink}
              to={`/${lang}/groups/${group.id}/topics/${topic.id}`}
              sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
            >
              {topic.name}
            </Link>
            <Typography variant="body2" color="text.secondary" component="span">
              <time dateTime={topic.date}>{dayjs(topic.date).format(dateFormats.topicDate)}</time>
            </Typography>
          </Box>
        ))}
      </Box>
      {group.topics.length > shown && (
        <Button variant="outlined" sx={{ mt: 3 }} onClick={() => setShown(shown + paging.step)}>
          {t('group_page.show_more')}
        </Button>
      )}
    </>
  );
}
