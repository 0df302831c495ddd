import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Rating } from '@plaza/contract';
import { ratingLimits, ratingScale } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useLang } from '../../app/use-lang';
import { lazyDialog } from '../../components/lazy-dialog';
import { RatingStars } from '../../components/rating-stars';
import { SingleSelect } from '../../components/single-select';
import { useSuccessSnackbar } from '../../components/success-snackbar';
import { formatDecimal } from '../../lib/decimal';
import { ratingCommentsQuery, ratingFiltersQuery, ratingQuery } from './api';
import { monthText } from './month-text';
import { RatingComments } from './rating-comments';

/** The review form loads when first opened. */
const ReviewForm = lazyDialog(() => import('./review-form').then((m) => m.ReviewForm));

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {children}
      </Box>
    </Box>
  );
}

function Figures({ rating }: { rating: Rating }) {
  const { t } = useTranslation();
  const lang = useLang();
  const number = (value: number) => formatDecimal(value, lang);
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, m: 0, mb: 3 }}
    >
      {rating.overall_evaluation !== null && (
        <Figure label={t('ratings.overall_evaluation')}>
          <RatingStars value={rating.overall_evaluation} />
          <strong>{number(rating.overall_evaluation)}</strong>
        </Figure>
      )}
      {rating.softskill_5 !== null && (
        <Figure label={t('ratings.softskill_5')}>
          <RatingStars value={rating.softskill_5} />
          <strong>{number(rating.softskill_5)}</strong>
        </Figure>
      )}
      {rating.recommendation !== null && (
        <Figure label={t('ratings.recommendation')}>
          {t('ratings.recommendation_value', { percent: rating.recommendation })}
        </Figure>
      )}
      <Figure label={t('ratings.total_count')}>{rating.total_count}</Figure>
      {rating.last_updated && (
        <Figure label={t('ratings.last_updated')}>{monthText(rating.last_updated, lang)}</Figure>
      )}
    </Box>
  );
}

function Categories({ rating }: { rating: Rating }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (rating.hidden || rating.ratings.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="rating-categories" sx={{ mb: 3 }}>
      <Typography id="rating-categories" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('ratings.categories')}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rating.ratings.map((category) => (
          <Box component="li" key={category.id}>
            <Typography sx={{ fontWeight: 600 }}>{category.label}</Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              {category.score !== null && (
                <>
                  <RatingStars value={category.score} max={ratingScale.pageStars} size="small" />
                  <span>{formatDecimal(category.score, lang)}</span>
                </>
              )}
              <Typography variant="body2" color="text.secondary" component="span">
                {t('ratings.category_count', { count: category.ratings ?? 0 })}
              </Typography>
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * A rating (spec 2, 3): title, overall evaluation, soft skills, recommendation, the categories on 10
 * stars with counts, total and last month, the review form, the comments with their own pages (the
 * cursor in `comments` of the address) and a location filter that opens another rating.
 */
export function RatingPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const cursor = params.get('comments') ?? 'first';
  const rating = useQuery(ratingQuery(id));
  const comments = useQuery({ ...ratingCommentsQuery(id, cursor), enabled: rating.isSuccess });
  const filters = useQuery(ratingFiltersQuery());
  const [reviewing, setReviewing] = useState(false);
  const { notify, snackbar } = useSuccessSnackbar();
  const locations = filters.data?.find((filter) => filter.identifier === 'location');

  if (rating.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('ratings.loading')} />
      </Box>
    );
  }
  if (rating.isError) {
    return <Alert severity="error">{t('ratings.not_found')}</Alert>;
  }
  const data = rating.data;
  return (
    <>
      <Link component={RouterLink} to={`/${lang}/ratings`} sx={{ display: 'inline-block', mb: 2 }}>
        {t('ratings.all_ratings')}
      </Link>
      {locations && (
        <Box sx={{ mb: 3, maxWidth: 360 }}>
          <SingleSelect
            label={locations.label}
            searchable
            options={locations.properties.map((p) => ({ value: p.id, label: p.value }))}
            value={String(id)}
            onChange={(value) => navigate(value ? `/${lang}/ratings/${value}` : `/${lang}/ratings`)}
          />
        </Box>
      )}
      <Typography variant="h1" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
        {data.title}
      </Typography>
      {data.city && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {data.city}
        </Typography>
      )}
      {data.hidden && (
        <Alert severity="info" sx={{ mb: 3 }}>
          <strong>{t('ratings.hidden')}</strong>
          <br />
          {t('ratings.hidden_detail', { min: ratingLimits.minReviewsShown })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Figures rating={data} />
        <Categories rating={data} />
        <Button variant="contained" onClick={() => setReviewing(true)}>
          {data.reviewed_this_year ? t('ratings.review.again') : t('ratings.review.open')}
        </Button>
      </Paper>
      <ReviewForm
        rating={data}
        open={reviewing}
        onClose={() => setReviewing(false)}
        onSent={() => {
          setReviewing(false);
          notify(t('ratings.review.sent'));
        }}
      />
      {snackbar}
      {!data.hidden && (
        <RatingComments
          comments={comments.data}
          onPage={(page) => {
            const next = new URLSearchParams(params);
            if (page === 'first') next.delete('comments');
            else next.set('comments', page);
            setParams(next);
          }}
        />
      )}
    </>
  );
}
