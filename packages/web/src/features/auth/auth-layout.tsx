import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSession } from '../../app/session';
import { LazyLanguageChanger } from '../../app/shell/lazy-language-changer';

/** The frame of the sign-in pages: no navigation, the company's name or logo, a card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { settings } = useSession();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2 }}>
          {settings.show_company_logo && settings.company.logo_url ? (
            <Box
              component="img"
              src={settings.company.logo_url}
              alt={settings.company.name}
              sx={{ maxHeight: 40 }}
            />
          ) : (
            <Typography component="span" variant="h6" color="primary" sx={{ fontWeight: 700 }}>
              {settings.company.name}
            </Typography>
          )}
          <LazyLanguageChanger />
        </Box>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
