import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';

/**
 * The dashboard: a greeting, then what the app page composes below it (occasions, the create-post
 * box, the news stream and the latest activities; see `app/pages/dashboard-view.tsx`).
 */
export function DashboardPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.user!;
  return (
    <>
      <Typography variant="h1" sx={{ mb: { xs: 2, sm: 1 } }}>
        {t('dashboard.greeting', { name: user.firstname })}
      </Typography>
      {/* Phones skip the welcome line: the feed starts higher. */}
      <Typography color="text.secondary" sx={{ mb: 3, display: { xs: 'none', sm: 'block' } }}>
        {t('dashboard.intro', { company: session.settings.company.name })}
      </Typography>
      {children}
    </>
  );
}
