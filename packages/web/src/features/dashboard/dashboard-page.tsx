import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../app/session';
import { navigationHref } from '../../app/shell/nav-path';
import { useLang } from '../../app/use-lang';

/** The dashboard: a greeting and the member's ways into the community. Later features add their streams here. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const user = session.user!;
  const tiles = session.routes.filter((item) => item.type !== 'dashboard' && item.type !== 'external');
  return (
    <>
      <Typography variant="h1" gutterBottom>
        {t('dashboard.greeting', { name: user.firstname })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('dashboard.intro', { company: session.settings.company.name })}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {tiles.map((item) => (
          <Grid
            key={`${item.type}-${item.reference_id ?? item.title}`}
            size={{ xs: 12, sm: 6, lg: 4 }}
            component="li"
          >
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={navigationHref(item, lang)} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h2" component="span" sx={{ fontSize: '1.125rem', display: 'block' }}>
                    {item.title}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
