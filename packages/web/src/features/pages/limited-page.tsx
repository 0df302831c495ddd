import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Page } from '@plaza/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { loginPath } from '../../app/guard';
import { useLang } from '../../app/use-lang';

/**
 * A members' page as a signed-out visitor sees it when it has share options (spec 2 "CMS page"): its
 * share card (image, title, description) under the sign-in overlay, whose button signs in and comes
 * back to the page.
 */
export function LimitedPage({
  card,
  returnPath,
}: {
  card: NonNullable<Page['share_options']>;
  returnPath: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const overlayTitle = useId();
  return (
    <Box component="article" aria-labelledby="page-title" sx={{ maxWidth: 720, mx: 'auto' }}>
      <Card variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {card.image && (
          <Box
            component="img"
            src={card.image}
            alt=""
            sx={{ display: 'block', width: '100%', maxHeight: 320, objectFit: 'cover' }}
          />
        )}
        <Box sx={{ p: { xs: 2, sm: 3 }, pb: 1 }}>
          <Typography id="page-title" variant="h1" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
            {card.title}
          </Typography>
          {card.description && (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {card.description}
            </Typography>
          )}
        </Box>
        <Box sx={{ position: 'relative', px: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 3 } }}>
          {/* What members read, hinted at by blank lines that fade out under the overlay. */}
          <Box
            aria-hidden
            sx={{
              pt: 2,
              maskImage: 'linear-gradient(to bottom, black, transparent)',
              WebkitMaskImage: 'linear-gradient(to bottom, black, transparent)',
            }}
          >
            {[100, 92, 96, 70, 88, 60].map((width, index) => (
              <Box
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative lines.
                key={index}
                sx={{ height: 12, width: `${width}%`, bgcolor: 'action.hover', borderRadius: 1, mb: 2 }}
              />
            ))}
          </Box>
          <Box
            sx={{
              position: { sm: 'absolute' },
              inset: { sm: 0 },
              mt: { xs: -14, sm: 0 },
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              px: { sm: 3 },
            }}
          >
            <Paper
              role="region"
              aria-labelledby={overlayTitle}
              elevation={3}
              sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center', maxWidth: 420, width: '100%' }}
            >
              <LockOutlinedIcon aria-hidden color="primary" />
              <Typography id={overlayTitle} variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
                {t('pages.limited.title')}
              </Typography>
              <Typography sx={{ mb: 2 }}>{t('pages.limited.text')}</Typography>
              <Button variant="contained" component={RouterLink} to={loginPath(lang, returnPath)}>
                {t('pages.limited.sign_in')}
              </Button>
            </Paper>
          </Box>
        </Box>
      </Card>
    </Box>
  );
}
