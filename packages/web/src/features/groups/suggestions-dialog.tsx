import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { TopicSuggestion } from '@plaza/contract';
import { htmlLang } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';
import { apiErrorText } from '../../lib/api-error-text';
import { useMedia } from '../../lib/use-media';
import { suggestionsQuery, useAnswerSuggestion } from './api/groups-list';

/**
 * The topic suggestions overlay: each open suggestion with name, description, author and group,
 * to accept (it becomes a topic) or decline. The list reloads after each answer.
 */
export function SuggestionsDialog({
  open,
  onClose,
  onAnswered,
}: {
  open: boolean;
  onClose: () => void;
  onAnswered?: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMedia(theme.breakpoints.down('sm'));
  const titleId = useId();
  const suggestions = useQuery({ ...suggestionsQuery(), enabled: open });
  const answer = useAnswerSuggestion();
  const [error, setError] = useState<string | null>(null);
  const results = suggestions.data?.results ?? [];

  const respond = async (suggestion: TopicSuggestion, accept: boolean) => {
    setError(null);
    try {
      await answer.mutateAsync({ id: suggestion.id, accept });
      onAnswered?.(
        t(accept ? 'groups.notices.suggestion_accepted' : 'groups.notices.suggestion_declined', {
          name: suggestion.name,
        }),
      );
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('groups.suggestions_dialog.title')}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {suggestions.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label={t('groups.list.loading')} />
          </Box>
        )}
        {suggestions.isSuccess && results.length === 0 && (
          <Typography color="text.secondary">{t('groups.suggestions_dialog.empty')}</Typography>
        )}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {results.map((suggestion, index) => (
            <Fragment key={suggestion.id}>
              {index > 0 && <Divider component="li" aria-hidden sx={{ my: 2 }} />}
              <Box component="li">
                <SuggestionItem
                  suggestion={suggestion}
                  busy={answer.isPending && answer.variables?.id === suggestion.id}
                  disabled={answer.isPending}
                  onAnswer={(accept) => respond(suggestion, accept)}
                />
              </Box>
            </Fragment>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('groups.suggestions_dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function SuggestionItem({
  suggestion,
  busy,
  disabled,
  onAnswer,
}: {
  suggestion: TopicSuggestion;
  busy: boolean;
  disabled: boolean;
  onAnswer: (accept: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const date = new Intl.DateTimeFormat(htmlLang(lang), { dateStyle: 'medium' }).format(
    new Date(suggestion.date),
  );
  return (
    <Box component="article" aria-busy={busy}>
      <Typography component="h3" variant="h6" sx={{ fontSize: '1.05rem' }}>
        {suggestion.name}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }}>
        <Avatar src={suggestion.author.img ?? undefined} alt="" aria-hidden sx={{ width: 28, height: 28 }} />
        <Typography variant="body2" color="text.secondary">
          {t('groups.suggestions_dialog.meta', {
            author: suggestion.author.combined_name,
            group: suggestion.group.name,
            date,
          })}
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'pre-line' }}>{suggestion.description}</Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, justifyContent: 'flex-end' }}>
        <Button
          color="inherit"
          disabled={disabled}
          onClick={() => onAnswer(false)}
          aria-label={t('groups.suggestions_dialog.decline_label', { name: suggestion.name })}
        >
          {t('groups.suggestions_dialog.decline')}
        </Button>
        <Button
          variant="contained"
          disabled={disabled}
          onClick={() => onAnswer(true)}
          aria-label={t('groups.suggestions_dialog.accept_label', { name: suggestion.name })}
        >
          {t('groups.suggestions_dialog.accept')}
        </Button>
      </Box>
    </Box>
  );
}
