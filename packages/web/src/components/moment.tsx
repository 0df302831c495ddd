import { dateFormats } from '@plaza/contract/constants';
import { useLang } from '../app/use-lang';
import { useFormatMoment } from '../lib/dates';

/**
 * A moment in the window's time zone: with its time (`dateFormats.moment`) or its day only
 * (`dateFormats.day`). The server, which does not know that zone, renders it in UTC; on such a page
 * public/load-after-paint.js writes it in the window's zone before the app runs, so the text may differ
 * from the server's (by the day too, around midnight) while the app takes the page over.
 */
export function Moment({ value, part = 'moment' }: { value: string; part?: 'moment' | 'day' }) {
  const lang = useLang();
  const formatDate = useFormatMoment();
  return (
    <time dateTime={value} data-moment={part === 'day' ? 'day' : ''} suppressHydrationWarning>
      {formatDate(value, dateFormats[part], lang)}
    </time>
  );
}
