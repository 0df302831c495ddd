import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import {
  brandContrastFailures,
  contrastRatio,
  minimumContrast,
  themeBackgrounds,
} from '@plaza/contract/brand-contrast';
import type { Settings } from '@plaza/contract/settings';
import { useTranslation } from 'react-i18next';

const checks = [
  { field: 'theme.primary_color', use: 'text' },
  { field: 'theme.primary_color', use: 'filled' },
  { field: 'theme.secondary_color', use: 'filled' },
] as const;

/**
 * The brand colours checked live against the chosen variant (WCAG AA, the contract's rule the server
 * applies too): each use with pass or fail, and the ratio.
 */
export function ContrastCheck({ settings }: { settings: Pick<Settings, 'theme' | 'theme_variant'> }) {
  const { t } = useTranslation();
  const failures = brandContrastFailures(settings.theme, settings.theme_variant);
  const { default: page, paper } = themeBackgrounds[settings.theme_variant];
  const primary = settings.theme.primary_color;
  const onPage = Math.min(contrastRatio(primary, page), contrastRatio(primary, paper));
  return (
    <Stack spacing={1} role="group" aria-label={t('admin-settings.branding.contrast')}>
      {checks.map((check) => {
        const failure = failures.find((f) => f.field === check.field && f.use === check.use);
        const ratio = failure?.ratio ?? (check.use === 'text' ? onPage : null);
        return (
          <Alert
            key={`${check.field}-${check.use}`}
            severity={failure ? 'error' : 'success'}
            data-testid={`contrast-${check.field.split('.')[1]}-${check.use}`}
          >
            {t(`admin-settings.branding.check.${check.field.split('.')[1]}_${check.use}`)}:{' '}
            {failure
              ? t('admin-settings.branding.contrast_fail', { ratio: ratio?.toFixed(2), min: minimumContrast })
              : t('admin-settings.branding.contrast_pass', { min: minimumContrast })}
            {!failure && ratio !== null && ` (${ratio.toFixed(2)}:1)`}
          </Alert>
        );
      })}
    </Stack>
  );
}
