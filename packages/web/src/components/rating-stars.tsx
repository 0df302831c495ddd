import Rating from '@mui/material/Rating';
import { ratingScale } from '@plaza/contract/constants';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../lib/decimal';

/** A figure rounded to the half step its stars can show. */
export const toHalfStep = (value: number) => Math.round(value / ratingScale.step) * ratingScale.step;

/**
 * A score shown as stars with half steps (spec 9): 5 stars on cards, 10 on the rating page. Read-only;
 * named for assistive technology by the unrounded figure ("3.8 out of 5 stars").
 */
export function RatingStars({
  value,
  max = ratingScale.cardStars,
  size = 'medium',
}: {
  value: number;
  max?: number;
  size?: 'small' | 'medium' | 'large';
}) {
  const { t, i18n } = useTranslation();
  const shown = formatDecimal(value, i18n.language);
  return (
    <Rating
      value={toHalfStep(value)}
      max={max}
      precision={ratingScale.step}
      readOnly
      size={size}
      getLabelText={() => t('ratings.score_label', { score: shown, max })}
    />
  );
}
