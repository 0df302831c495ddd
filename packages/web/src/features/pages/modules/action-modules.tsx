import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PageModuleOf } from '@plaza/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/use-lang';
import { formatNumber, formatPercent, isAppPath, ModuleLink, ModuleSection } from './module-section';

/**
 * The fundraising widget: title, text, how much of the goal is raised (numbers the locale's way) as
 * text and as a progress bar named for screen readers, and the link to give.
 */
export function FundraisingWidgetModule({ module }: { module: PageModuleOf<'fundraising_widget'> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const labelId = useId();
  const { title, text, goal, raised, link } = module.data;
  const share = goal > 0 ? raised / goal : 0;
  const percent = formatPercent(share, lang);
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, mb: 4 }}>
      <Typography variant="h2" sx={{ fontSize: '1.375rem', mb: 1, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {text && (
        <Typography sx={{ mb: 2, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{text}</Typography>
      )}
      <Typography id={labelId} sx={{ fontWeight: 600 }}>
        {t('pages.modules.fundraising_widget.raised', {
          raised: formatNumber(raised, lang),
          goal: formatNumber(goal, lang),
        })}{' '}
        <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
          ({percent})
        </Box>
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, share * 100)}
        aria-label={t('pages.modules.fundraising_widget.progress')}
        aria-valuetext={t('pages.modules.fundraising_widget.progress_value', { percent })}
        sx={{ height: 10, borderRadius: 5, my: 1.5 }}
      />
      {link && (
        <ModuleLink
          href={link}
          component={Button}
          variant="contained"
          endIcon={isAppPath(link) ? undefined : <OpenInNewIcon aria-hidden />}
        >
          {t('pages.modules.fundraising_widget.link')}
        </ModuleLink>
      )}
    </Paper>
  );
}

/** The coachings list (spec 3 demo entity "coaching"): each article name links, its page named below. */
export function CoachingsModule({ module }: { module: PageModuleOf<'coachings'> }) {
  const { t } = useTranslation();
  return (
    <ModuleSection title={module.data.title || t('pages.modules.coachings.title')}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          columnGap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {module.data.items.map((item, index) => (
          <Box
            component="li"
            // Coachings have no id of their own; their order is the editor's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders while shown.
            key={index}
            sx={{ py: 1, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
          >
            <ModuleLink href={item.link} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {item.article_name}
            </ModuleLink>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {item.page_name}
            </Typography>
          </Box>
        ))}
      </Box>
    </ModuleSection>
  );
}

/** The gym-pass link: title, text and a button to the offer. */
export function GymPassModule({ module }: { module: PageModuleOf<'gym_pass'> }) {
  const { t } = useTranslation();
  const { title, text, link } = module.data;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={title}
      sx={{ p: { xs: 2, sm: 3 }, mb: 4, bgcolor: 'action.hover' }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.375rem', mb: 1, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {text && (
        <Typography sx={{ mb: 2, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{text}</Typography>
      )}
      <ModuleLink
        href={link}
        component={Button}
        variant="contained"
        endIcon={isAppPath(link) ? undefined : <OpenInNewIcon aria-hidden />}
      >
        {t('pages.modules.gym_pass.link')}
      </ModuleLink>
    </Paper>
  );
}
