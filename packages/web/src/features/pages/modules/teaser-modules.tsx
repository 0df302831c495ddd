import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Article, PageModuleOf } from '@plaza/contract';
import { newsTeasers } from '@plaza/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../../app/use-lang';
import { ArticleTeaserCard } from '../../../components/articles/article-teaser-card';
import { TeaserSlider } from '../../../components/articles/teaser-slider';
import { Moment } from '../../../components/moment';
import { EmptyState, ModuleSection } from './module-section';

/** Articles side by side: one column on phones, two or three on wider screens. */
function ArticleGrid({ articles, columns }: { articles: Article[]; columns: 2 | 3 }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {articles.map((article) => (
        <Box component="li" key={article.id} sx={{ minWidth: 0 }}>
          <ArticleTeaserCard article={article} compact />
        </Box>
      ))}
    </Box>
  );
}

/** Articles as a list of dated links (web news, the article teaser's list template). */
function ArticleList({ articles, withTeaser }: { articles: Article[]; withTeaser: boolean }) {
  const lang = useLang();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {articles.map((article) => (
        <Box component="li" key={article.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="caption" color="text.secondary" component="p">
            <Moment value={article.publish_date} part="day" />
            {article.category && ` · ${article.category.name}`}
          </Typography>
          <Typography component="h3" sx={{ fontSize: '1rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={`/${lang}/news/${article.id}`}>
              {article.title}
            </Link>
          </Typography>
          {withTeaser && article.teaser && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {article.teaser}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The article teaser (spec 3 "Article teaser"): the category's newest articles as a slider (turning
 * every `intervall` ms when `autoplay`), a grid or a list.
 */
export function ArticleTeaserModule({ module }: { module: PageModuleOf<'article_teaser'> }) {
  const { t } = useTranslation();
  const { title, template, intervall, autoplay } = module.data;
  const articles = module.cross_references.articles;
  const heading = title || t('pages.modules.article_teaser.title');
  return (
    <ModuleSection title={heading}>
      {articles.length === 0 && <EmptyState>{t('pages.modules.article_teaser.empty')}</EmptyState>}
      {articles.length > 0 && template === 'slider' && (
        <TeaserSlider
          articles={articles}
          interval={intervall}
          autoplay={autoplay}
          label={heading}
          slideHeading="h3"
        />
      )}
      {articles.length > 0 && template === 'grid' && <ArticleGrid articles={articles} columns={3} />}
      {articles.length > 0 && template === 'list' && <ArticleList articles={articles} withTeaser />}
    </ModuleSection>
  );
}

/** The top teaser slider: featured articles, turning every `sliderInterval` ms (spec 9: 5000). */
export function TopTeaserModule({ module }: { module: PageModuleOf<'top_teaser'> }) {
  const { articles, sliderInterval } = module.cross_references;
  if (articles.length === 0) return null;
  return (
    <Box sx={{ mb: 4 }}>
      <TeaserSlider articles={articles} interval={sliderInterval || newsTeasers.topTeaserIntervalMs} />
    </Box>
  );
}

/** The horizontal teaser: at most two articles side by side (spec 9). */
export function HorizontalTeaserModule({ module }: { module: PageModuleOf<'horizontal_teaser'> }) {
  const { t } = useTranslation();
  const articles = module.cross_references.articles.slice(0, newsTeasers.horizontalTeaserMax);
  if (articles.length === 0) return null;
  return (
    <ModuleSection title={module.data.title || t('pages.modules.horizontal_teaser.title')}>
      <ArticleGrid articles={articles} columns={2} />
    </ModuleSection>
  );
}

/** Web news: at most seven dated article links (spec 9). */
export function WebNewsModule({ module }: { module: PageModuleOf<'web_news'> }) {
  const { t } = useTranslation();
  const articles = module.cross_references.articles.slice(0, newsTeasers.webNewsMax);
  if (articles.length === 0) return null;
  return (
    <ModuleSection title={module.data.title || t('pages.modules.web_news.title')}>
      <ArticleList articles={articles} withTeaser={false} />
    </ModuleSection>
  );
}
