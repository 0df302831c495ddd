import type { Article, Page, PageModule } from '@plaza/contract';

/** A published page of the reader's API with the given changes. */
export function testPage(patch: Partial<Page> = {}): Page {
  return {
    id: 12,
    type: 'page',
    meta: { type: 'page' },
    title: 'About us',
    teaser: '',
    content: '',
    visibility: 'all',
    comments_allowed: false,
    likes_allowed: false,
    likes_count: 0,
    comments_count: 0,
    liked_by_me: false,
    share_options: null,
    modules: [],
    limited: false,
    preview: false,
    updated_at: '2026-11-20T10:00:00Z',
    ...patch,
  };
}

/** An article as the teaser modules get it. */
export function testArticle(n: number): Article {
  return {
    id: `page-${n}`,
    item_id: n,
    meta: { type: 'article' },
    title: `Article ${n}`,
    teaser: `Teaser ${n}`,
    content: '<p>Text</p>',
    publish_date: '2026-11-20T10:00:00Z',
    author: { name: 'Editorial team', avatar: null },
    images: { title: null, slider: [], teaser: null, images: [] },
    attachments: [],
    category: null,
    visibility: 'all',
    comments_allowed: false,
    likes_allowed: false,
    likes_count: 0,
    comments_count: 0,
    liked_by_me: false,
  };
}

/** A gallery of `count` images, captioned but for the last. */
export function testGallery(count: number): PageModule {
  const images = Array.from({ length: count }, (_, i) => ({
    image_id: i + 1,
    url: `/api/v2/images/${i + 1}`,
    width: 800,
    height: 600,
    caption: i < count - 1 ? `Caption ${i + 1}` : null,
  }));
  return {
    id: 'gallery',
    type: 'gallery',
    data: {
      title: 'Pictures',
      images: images.map((image) => ({ image_id: image.image_id, caption: image.caption ?? undefined })),
    },
    cross_references: { images },
  };
}
