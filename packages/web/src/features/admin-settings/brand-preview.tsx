import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Settings } from '@plaza/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTheme } from '../../app/theme';
import { ThemeProvider } from '../../app/theme-provider';

/**
 * A small mock of the app in the form's colours and variant (its own MUI theme, made by the app's theme
 * factory): the header with logo or name, a button, a link and a card.
 */
export function BrandPreview({
  settings,
}: {
  settings: Pick<Settings, 'theme' | 'theme_variant' | 'company' | 'show_company_logo'>;
}) {
  const { t } = useTranslation();
  const theme = useMemo(
    () => buildTheme({ theme: settings.theme, theme_variant: settings.theme_variant }),
    [settings.theme, settings.theme_variant],
  );
  const logo = settings.show_company_logo ? settings.company.logo_url : null;
  return (
    <ThemeProvider theme={theme}>
      <Box
        role="region"
        aria-label={t('admin-settings.branding.preview')}
        data-testid="brand-preview"
        sx={{
          bgcolor: 'background.default',
          color: 'text.primary',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <Box
          data-testid="brand-preview-header"
          sx={{
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            px: 2,
            minHeight: 48,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
          }}
        >
          {logo && <Box component="img" src={logo} alt="" sx={{ height: 28 }} />}
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {settings.company.name}
          </Typography>
        </Box>
        <Stack spacing={2} sx={{ p: 2 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {t('admin-settings.branding.preview_card')}
              </Typography>
              <Box
                component="span"
                sx={{
                  bgcolor: 'secondary.main',
                  color: 'secondary.contrastText',
                  borderRadius: 4,
                  px: 1,
                  fontSize: '0.8125rem',
                }}
              >
                {t('admin-settings.branding.preview_badge')}
              </Box>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('admin-settings.branding.preview_text')}{' '}
              <Box
                component="a"
                href="#"
                onClick={(event: React.MouseEvent) => event.preventDefault()}
                data-testid="brand-preview-link"
                sx={{ color: 'primary.main' }}
              >
                {t('admin-settings.branding.preview_link')}
              </Box>
            </Typography>
          </Paper>
          <Box>
            <Button variant="contained" data-testid="brand-preview-button">
              {t('admin-settings.branding.preview_button')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </ThemeProvider>
  );
}
