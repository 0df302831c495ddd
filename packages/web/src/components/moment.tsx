import { dateFormats } from '@plaza/contract/constants';
import { useLang } from '../app/use-lang';
import { useFormatMoment } from '../lib/dates';

/**
 * A moment with its time (`dateFormats.moment`) in the window's time zone. The server, which does not
 * know that zone, renders it in UTC; on such a page public/load-after-paint.js writes it in the window's
 * zone before the app runs, so the text may differ from the server's while the app takes the page over.
 */
export function Moment({ value }: { value: string }) {
  const lang = useLang();
  const formatDate = useFormatMoment();
  return (
    <time dateTime={value} data-moment="" suppressHydrationWarning>
      {formatDate(value, dateFormats.moment, lang)}
    </time>
  );
}
