import CakeOutlined from '@mui/icons-material/CakeOutlined';
import WorkOutlined from '@mui/icons-material/WorkOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { Occasion } from '@plaza/contract/occasions';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { FallbackAvatar } from '../../components/fallback-avatar';
import { personName } from '../../components/user-card';
import { occasionText } from './occasion-text';

/** The occasion's kind as an icon (decorative; the kind is also written out). */
export function OccasionIcon({ type }: { type: Occasion['type'] }) {
  const Icon = type === 'birthday' ? CakeOutlined : WorkOutlined;
  return <Icon fontSize="small" aria-hidden sx={{ color: 'primary.main' }} />;
}

/**
 * A person of occasion as a card that opens their profile: avatar, name, the kind with its date and
 * the age or years of service. `compact` is the row of the small-screen feed.
 */
export function OccasionCard({
  occasion,
  avatarSize = 80,
  compact = false,
}: {
  occasion: Occasion;
  avatarSize?: number;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const text = occasionText(t, lang, occasion);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/${lang}/who_is_who/${occasion.user.id}`}
        sx={{
          height: '100%',
          p: compact ? 1.5 : 2,
          display: 'flex',
          flexDirection: compact ? 'row' : 'column',
          justifyContent: 'flex-start',
          alignItems: 'center',
          gap: compact ? 1.5 : 1,
          textAlign: compact ? 'left' : 'center',
        }}
      >
        <FallbackAvatar src={occasion.img ?? occasion.user.img_path} size={avatarSize} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {personName(occasion.user)}
          </Typography>
          <Box
            component="span"
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: compact ? 'flex-start' : 'center',
              gap: 0.5,
            }}
          >
            <OccasionIcon type={occasion.type} />
            <Typography component="span" variant="body2">
              {text.kind}
            </Typography>
          </Box>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            <time dateTime={occasion.date}>{text.date}</time>
            {text.detail && ` · ${text.detail}`}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
