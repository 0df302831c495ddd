import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../app/use-lang';
import { call } from '../lib/api-client';
import { formatDecimal } from '../lib/decimal';
import { routes } from '../lib/endpoint-routes';
import { RatingStars } from './rating-stars';

/** The employer-rating card's query: a location's card, or every location's together. */
export const employerRatingCardQuery = (locationId?: number) => ({
  queryKey: ['ratings', 'card', locationId ?? null] as const,
  queryFn: () =>
    call(routes.ratings.card, { query: locationId === undefined ? {} : { location_id: String(locationId) } }),
  staleTime: 60_000,
});

/**
 * The employer-rating card (spec 3): score on 5 stars with half steps, the count of ratings and a link
 * to the rating (or the ratings list for every location together). Fetches its own figures, so the jobs
 * list, the CMS reviews widget and others place it as it is. Below the anonymity threshold it says that
 * there are not enough reviews yet instead of a score.
 */
export function EmployerRatingCard({ locationId }: { locationId?: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const card = useQuery(employerRatingCardQuery(locationId));
  const data = card.data;
  const link = data?.id ? `/${lang}/ratings/${data.id}` : `/${lang}/ratings`;
  return (
    <Card variant="outlined" component="section" aria-label={t('ratings.card.title')}>
      <CardContent>
        <Typography variant="overline" component="h2" color="text.secondary">
          {t('ratings.card.title')}
        </Typography>
        {data?.title && (
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            {data.title}
          </Typography>
        )}
        {data && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1, flexWrap: 'wrap' }}>
            {data.score !== null ? (
              <>
                <RatingStars value={data.score} />
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {formatDecimal(data.score, lang)}
                </Typography>
              </>
            ) : (
              <Typography component="span" color="text.secondary">
                {t('ratings.hidden')}
              </Typography>
            )}
            <Typography component="span" color="text.secondary">
              {t('ratings.count', { count: data.ratings })}
            </Typography>
          </Stack>
        )}
        <Link component={RouterLink} to={link}>
          {t('ratings.card.link')}
        </Link>
      </CardContent>
    </Card>
  );
}
