import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SearchModule, SearchModuleType } from '@plaza/contract/search';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatFileSize } from '../../lib/file-size';
import { searchMoreQuery, searchPageQuery } from './api/search';
import { hitPath } from './links';

/**
 * `/{lang}/search_results?q=`: the search across the community, a section per kind with hits (members,
 * groups, topics, posts, group files, news, pages), each hit a link and "more" per section. No hits: the
 * result-not-found page takes this one's place in the history (its back button goes one step back, to
 * where the search started). A blank term searches nothing and says so.
 */
export function SearchResultsPage() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const term = params.get('q')?.trim() ?? '';
  const search = useQuery({ ...searchPageQuery(term), enabled: term.length > 0 });
  const modules = search.data?.modules;

  useEffect(() => {
    if (modules && modules.length === 0) navigate(`/${lang}/result-not-found`, { replace: true });
  }, [modules, lang, navigate]);

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h1" gutterBottom>
        {term ? t('search.heading', { query: term }) : t('search.title')}
      </Typography>
      {search.isPending && term && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} />
          <span>{t('search.loading')}</span>
        </Box>
      )}
      {!term && <Typography>{t('search.no_results')}</Typography>}
      {search.isError && <Alert severity="error">{t('search.failed')}</Alert>}
      {modules?.map((module) => (
        <SearchSection key={`${term}-${module.type}`} term={term} first={module} />
      ))}
    </Box>
  );
}

/** One kind's hits: heading, links, and "more" while the kind has another page. */
function SearchSection({ term, first }: { term: string; first: SearchModule }) {
  const { t } = useTranslation();
  const headingId = useId();
  const pages = useInfiniteQuery(searchMoreQuery(term, first));
  const modules = (pages.data?.pages ?? [first]) as SearchModule[];
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, mb: 2 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t(`search.modules.${first.type}`)}
      </Typography>
      <List dense disablePadding>
        {/* Pages of one kind never repeat a hit: its id is its key. */}
        {modules
          .flatMap((module) => module.data.results as Hit[])
          .map((hit) => (
            <HitItem key={hit.id} type={first.type} hit={hit} />
          ))}
      </List>
      {pages.hasNextPage && (
        <Button onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage} sx={{ mt: 1 }}>
          {t('search.more')}
        </Button>
      )}
    </Paper>
  );
}

type Hit = SearchModule['data']['results'][number];

/** A hit as a link: what it is called, with a line about it where there is one. */
function HitItem({ type, hit }: { type: SearchModuleType; hit: Hit }) {
  const { t, i18n } = useTranslation();
  const { lang = '' } = useParams();
  const { primary, secondary, image } = describe(type, hit, t, i18n.language);
  const to = (hitPath[type] as (lang: string, hit: Hit) => string)(lang, hit);
  return (
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to={to}>
        {image !== undefined && (
          <ListItemAvatar>
            <Avatar src={image ?? undefined} alt="">
              {primary.slice(0, 1)}
            </Avatar>
          </ListItemAvatar>
        )}
        <ListItemText primary={primary} secondary={secondary} />
      </ListItemButton>
    </ListItem>
  );
}

/** The texts of a hit; `image` undefined for kinds without one. */
function describe(
  type: SearchModuleType,
  hit: Hit,
  t: (key: string, options?: Record<string, unknown>) => string,
  locale: string,
): { primary: string; secondary?: string; image?: string | null } {
  switch (type) {
    case 'search_members': {
      const member = hit as Extract<Hit, { combined_name: string }>;
      return {
        primary: member.combined_name,
        secondary: member.position ?? undefined,
        image: member.img_path,
      };
    }
    case 'search_groups': {
      const group = hit as Extract<Hit, { image: string | null }>;
      return { primary: group.name, image: group.image };
    }
    case 'search_topics': {
      const topic = hit as Extract<Hit, { group_name: string }>;
      return { primary: topic.name, secondary: t('search.topic_in_group', { group: topic.group_name }) };
    }
    case 'search_posts': {
      const post = hit as Extract<Hit, { excerpt: string }>;
      const where = post.group_id === null ? ` · ${t('search.post_in_news')}` : '';
      return { primary: post.excerpt, secondary: `${post.author_name}${where}` };
    }
    case 'search_files': {
      const file = hit as Extract<Hit, { link: string }>;
      const size = formatFileSize(file.size, locale);
      return { primary: file.name, secondary: t('search.file_in_group', { group: file.group_name, size }) };
    }
    case 'search_news': {
      const article = hit as Extract<Hit, { teaser: string }>;
      return { primary: article.title, secondary: article.teaser || undefined };
    }
    case 'search_pages':
      return { primary: (hit as { title: string }).title };
  }
}
