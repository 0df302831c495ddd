import Box from '@mui/material/Box';
import { dateFormats } from '@plaza/contract/constants';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';
import { useFormatMoment } from '../../lib/dates';
import { visuallyHidden } from '../../lib/visually-hidden';

/**
 * "edited" beside a changed post's date: the edit time in its `<time>` element, as a tooltip on hover,
 * and read out by screen readers ("edited, Edited on 05.03.2026 10:00").
 */
export function EditedMarker({ at }: { at: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const formatDate = useFormatMoment();
  const full = t('posts.card.edited_at', { moment: formatDate(at, dateFormats.moment, lang) });
  return (
    <>
      {' · '}
      <Box component="time" dateTime={at} title={full} suppressHydrationWarning>
        <span aria-hidden="true">{t('posts.card.edited')}</span>
        <Box component="span" sx={visuallyHidden} suppressHydrationWarning>
          {full}
        </Box>
      </Box>
    </>
  );
}
