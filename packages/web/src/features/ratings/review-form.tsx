import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Rating as RatingData } from '@plaza/contract';
import { ratingLimits, ratingScale } from '@plaza/contract/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitReview } from './api';

/** Stars (5, half steps) to points (1..10) and back: a review's scores travel in points. */
export const starsToPoints = (stars: number) => Math.round(stars / ratingScale.step);

/**
 * One score as 5 stars with half steps: MUI's radio inputs, so arrow keys move the value and each
 * step is named ("3.5 stars"); the group is named by its legend.
 */
export function StarInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (stars: number | null) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <FormControl component="fieldset" sx={{ display: 'block' }}>
      <FormLabel component="legend">{label}</FormLabel>
      <Rating
        name={name}
        value={value}
        max={ratingScale.cardStars}
        precision={ratingScale.step}
        onChange={(_event, next) => onChange(next)}
        getLabelText={(stars) => t('ratings.stars.value', { count: stars, value: stars })}
      />
    </FormControl>
  );
}

/**
 * The review form in a dialog: overall evaluation and every category on 5 stars with half steps, a
 * recommendation yes/no and an optional comment. Sent as points; the rating refreshes with the answer.
 */
export function ReviewForm({
  rating,
  open,
  onClose,
  onSent,
}: {
  rating: RatingData;
  open: boolean;
  onClose: () => void;
  /** The review was stored (the rating's queries refresh). */
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const submit = useSubmitReview(rating.id);
  const [overall, setOverall] = useState<number | null>(null);
  const [scores, setScores] = useState<Record<number, number | null>>({});
  const [recommend, setRecommend] = useState<'yes' | 'no' | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);

  const send = () => {
    const complete =
      overall !== null && recommend !== null && rating.ratings.every((category) => scores[category.id]);
    if (!complete) {
      setMissing(true);
      return;
    }
    setMissing(false);
    submit.mutate(
      {
        overall_evaluation: starsToPoints(overall),
        recommendation: recommend === 'yes',
        comment: comment.trim() || null,
        scores: rating.ratings.map((category) => ({
          category_id: category.id,
          score: starsToPoints(scores[category.id]!),
        })),
      },
      { onSuccess: onSent },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={submit.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('ratings.review.title', { name: rating.title })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('ratings.review.intro')}</DialogContentText>
        <Stack spacing={2}>
          <StarInput label={t('ratings.review.overall')} value={overall} onChange={setOverall} />
          {rating.ratings.map((category) => (
            <StarInput
              key={category.id}
              label={category.label}
              value={scores[category.id] ?? null}
              onChange={(stars) => setScores((current) => ({ ...current, [category.id]: stars }))}
            />
          ))}
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('ratings.review.recommend')}</FormLabel>
            <RadioGroup
              row
              value={recommend ?? ''}
              onChange={(event) => setRecommend(event.target.value as 'yes' | 'no')}
            >
              <FormControlLabel value="yes" control={<Radio />} label={t('ratings.review.yes')} />
              <FormControlLabel value="no" control={<Radio />} label={t('ratings.review.no')} />
            </RadioGroup>
          </FormControl>
          <TextField
            label={t('ratings.review.comment')}
            multiline
            minRows={3}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            slotProps={{ htmlInput: { maxLength: ratingLimits.commentMaxLength } }}
          />
          {missing && (
            <Alert severity="warning" role="alert">
              {t('ratings.review.missing')}
            </Alert>
          )}
          {submit.isError && (
            <Alert severity="error" role="alert">
              {t('ratings.review.failed')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submit.isPending}>
          {t('ratings.review.cancel')}
        </Button>
        <Button variant="contained" onClick={send} disabled={submit.isPending}>
          {t('ratings.review.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
