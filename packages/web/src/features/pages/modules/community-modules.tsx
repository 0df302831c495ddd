import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PageModuleOf } from '@plaza/contract';
import { postPath } from '@plaza/contract/paths';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../app/session';
import { useLang } from '../../../app/use-lang';
import { EmployerRatingCard } from '../../../components/employer-rating-card';
import { FallbackAvatar } from '../../../components/fallback-avatar';
import { Moment } from '../../../components/moment';
import { ShopTeaser } from '../../../components/shop-teaser';
import { htmlWords } from '../../../lib/html-text';
import { EmptyState, ModuleSection } from './module-section';

const excerptLength = 180;

/**
 * A post's text without its markup, cut at a word near `excerptLength` characters. Paragraphs and lines
 * are kept apart by a space ("Thanks. Quick question", not "Thanks.Quick question").
 */
export function textExcerpt(html: string, length = excerptLength): string {
  const text = htmlWords(html);
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The stream widget: the newest posts the reader may read, each as author, date, excerpt and link. */
export function StreamWidgetModule({ module }: { module: PageModuleOf<'stream_widget'> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { status } = useSession();
  const posts = module.cross_references.posts;
  return (
    <ModuleSection title={module.data.title || t('pages.modules.stream_widget.title')}>
      {posts.length === 0 && (
        <EmptyState>
          {status === 'authenticated'
            ? t('pages.modules.stream_widget.empty')
            : t('pages.modules.stream_widget.members_only')}
        </EmptyState>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {posts.map((post) => (
          <Box
            component="li"
            key={post.id}
            sx={{ display: 'flex', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
          >
            <FallbackAvatar src={post.author.avatar} size={40} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography component="h3" sx={{ fontSize: '1rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
                {post.author.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                <Moment value={post.created_at} />
                {post.group && ` · ${t('pages.modules.stream_widget.in_group', { group: post.group.name })}`}
              </Typography>
              <Typography sx={{ my: 0.5, overflowWrap: 'anywhere' }}>
                {textExcerpt(post.description)}
              </Typography>
              <Link component={RouterLink} to={`/${lang}${postPath(post.item_id)}`} variant="body2">
                {t('pages.modules.stream_widget.open', { name: post.author.name })}
              </Link>
            </Box>
          </Box>
        ))}
      </Box>
    </ModuleSection>
  );
}

/** The profile teaser: member cards (picture, name, position) opening their profiles. */
export function ProfileTeaserModule({ module }: { module: PageModuleOf<'profile_teaser'> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const members = module.cross_references.members;
  return (
    <ModuleSection title={module.data.title || t('pages.modules.profile_teaser.title')}>
      {members.length === 0 && <EmptyState>{t('pages.modules.profile_teaser.empty')}</EmptyState>}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {members.map((member) => (
          <Box component="li" key={member.id} sx={{ minWidth: 0 }}>
            <Card
              variant="outlined"
              sx={{
                display: 'flex',
                gap: 1.5,
                alignItems: 'center',
                p: 1.5,
                height: '100%',
                position: 'relative',
              }}
            >
              <FallbackAvatar src={member.img_path} size={53} />
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  component="h3"
                  sx={{ fontSize: '1rem', fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  <Link
                    component={RouterLink}
                    to={`/${lang}/who_is_who/${member.id}`}
                    sx={{ '&::after': { content: '""', position: 'absolute', inset: 0 } }}
                  >
                    {member.combined_name}
                  </Link>
                </Typography>
                {member.position && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {member.position}
                  </Typography>
                )}
              </Box>
            </Card>
          </Box>
        ))}
      </Box>
    </ModuleSection>
  );
}

/**
 * The reviews widget: the employer-rating card of every location together, which fetches its own
 * figures; a visitor of a public page, who may not read ratings, is told they are for members.
 */
export function ReviewsWidgetModule({ module }: { module: PageModuleOf<'reviews_widget'> }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <ModuleSection title={module.data.title || t('pages.modules.reviews_widget.title')}>
      {user ? <EmployerRatingCard /> : <EmptyState>{t('pages.modules.reviews_widget.empty')}</EmptyState>}
    </ModuleSection>
  );
}

/**
 * The shop teaser: a few active products with "add to cart" and a link to the shop, fetched by the
 * teaser itself; a visitor of a public page, who may not shop, is told the shop is for members.
 */
export function ShopTeaserModule({ module }: { module: PageModuleOf<'shop_teaser'> }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <ModuleSection title={module.data.title || t('pages.modules.shop_teaser.title')}>
      {user ? (
        <ShopTeaser empty={<EmptyState>{t('pages.modules.shop_teaser.empty')}</EmptyState>} />
      ) : (
        <EmptyState>{t('pages.modules.shop_teaser.members_only')}</EmptyState>
      )}
    </ModuleSection>
  );
}
