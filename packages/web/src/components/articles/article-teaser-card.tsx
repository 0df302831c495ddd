import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Article } from '@plaza/contract';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { Moment } from '../moment';

/** An article in the stream or a teaser block: image, date, title and teaser; opens the article page. */
export function ArticleTeaserCard({
  article,
  compact = false,
  heading = 'h3',
}: {
  article: Article;
  compact?: boolean;
  /** The title's heading level (h3 under a section's h2, h2 right under the page's h1). */
  heading?: 'h2' | 'h3';
}) {
  const lang = useLang();
  const image = article.images.teaser ?? article.images.title;
  return (
    <Card
      variant="outlined"
      component="article"
      sx={{ mb: compact ? 0 : 2, height: compact ? '100%' : undefined }}
    >
      <CardActionArea component={RouterLink} to={`/${lang}/news/${article.id}`} sx={{ height: '100%' }}>
        {image && (
          <Box
            component="img"
            src={image}
            alt=""
            sx={{ width: '100%', height: compact ? 120 : 200, objectFit: 'cover', display: 'block' }}
          />
        )}
        <CardContent>
          <Typography variant="caption" color="text.secondary">
            <Moment value={article.publish_date} part="day" />
            {article.category && ` · ${article.category.name}`}
          </Typography>
          <Typography
            component={heading}
            sx={{ fontWeight: 600, fontSize: compact ? '1rem' : '1.125rem', my: 0.5 }}
          >
            {article.title}
          </Typography>
          {!compact && <Typography color="text.secondary">{article.teaser}</Typography>}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
