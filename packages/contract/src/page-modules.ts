import { z } from 'zod';
import { limits, timings } from './constants';
import { idValueSchema } from './entities';
import { isLinkUrl } from './link-url';
import { articleSchema } from './news';
import { postSchema } from './posts';
import { isAllowedUrl } from './rich-html';
import { plainTextField, richTextField, text } from './text';

/**
 * The content modules a CMS page is built from (spec 1 "demo page and its modules", 3 "Page").
 *
 * A module is `{ id, type, data, cross_references }`: `data` is what the editor stored (validated per
 * type here, HTML sanitised by the server on the way in), `cross_references` is what the server looked
 * up for the reader when the page was asked for (the articles of a teaser, a gallery's image addresses,
 * the members of a profile teaser). The reader's rights apply to every reference: a visitor sees
 * public articles only, and no members or posts.
 */
export const pageModuleTypes = [
  'rich_text',
  'gallery',
  'downloads',
  'subpage_navigation',
  'article_teaser',
  'top_teaser',
  'horizontal_teaser',
  'web_news',
  'stream_widget',
  'profile_teaser',
  'reviews_widget',
  'shop_teaser',
  'fundraising_widget',
  'coachings',
  'gym_pass',
  'data_protection',
] as const;
export type PageModuleType = (typeof pageModuleTypes)[number];

/** Layouts of the article teaser module (spec 3 "Article teaser" options: template, intervall, autoplay). */
export const articleTeaserTemplates = ['slider', 'grid', 'list'] as const;

export const pageModuleLimits = {
  /** Modules on one page. */
  modules: 40,
  titleMaxLength: 200,
  textMaxLength: 2_000,
  htmlMaxLength: 50_000,
  galleryImages: 50,
  downloads: 50,
  subpages: 30,
  profiles: 12,
  coachings: 50,
  /** Articles an article teaser shows at most. */
  teaserArticles: 12,
  /** Posts a stream widget shows at most. */
  streamPosts: 10,
  /** Article teaser slide interval in milliseconds. */
  intervalMinMs: 2_000,
  intervalMaxMs: 60_000,
  /** Fundraising amounts (whole currency units). */
  amountMax: 1_000_000_000,
} as const;

const title = plainTextField(pageModuleLimits.titleMaxLength);
const optionalTitle = title.optional();
const linkSchema = text()
  .trim()
  .max(2048)
  .refine(
    (value) =>
      isAllowedUrl(value) &&
      (isLinkUrl(value) || value.startsWith('/') || /^mailto:[^\s@]+@[^\s@]+$/i.test(value)),
    { message: 'an http, https or mailto address, or a path starting with /' },
  );
const html = richTextField(pageModuleLimits.htmlMaxLength);
const ids = (max: number) => z.array(idValueSchema).min(1).max(max);
const categoryId = idValueSchema.nullable().default(null);
const amount = z.number().int().min(0).max(pageModuleLimits.amountMax);

/** What the editor stores for each module type. */
export const pageModuleDataSchemas = {
  rich_text: z.strictObject({ title: optionalTitle, html }),
  gallery: z.strictObject({
    title: optionalTitle,
    images: z
      .array(z.strictObject({ image_id: idValueSchema, caption: optionalTitle }))
      .min(1)
      .max(pageModuleLimits.galleryImages),
  }),
  downloads: z.strictObject({
    title: optionalTitle,
    files: z
      .array(z.strictObject({ file_id: idValueSchema, title }))
      .min(1)
      .max(pageModuleLimits.downloads),
  }),
  subpage_navigation: z.strictObject({ title: optionalTitle, page_ids: ids(pageModuleLimits.subpages) }),
  article_teaser: z.strictObject({
    title: optionalTitle,
    template: z.enum(articleTeaserTemplates).default('slider'),
    intervall: z
      .number()
      .int()
      .min(pageModuleLimits.intervalMinMs)
      .max(pageModuleLimits.intervalMaxMs)
      .default(timings.topTeaserIntervalMs),
    autoplay: z.boolean().default(true),
    category_id: categoryId,
    max: z.number().int().min(1).max(pageModuleLimits.teaserArticles).default(6),
  }),
  top_teaser: z.strictObject({ category_id: categoryId }),
  horizontal_teaser: z.strictObject({ title: optionalTitle, category_id: categoryId }),
  web_news: z.strictObject({ title: optionalTitle, category_id: categoryId }),
  stream_widget: z.strictObject({
    title: optionalTitle,
    /** A group's posts, or (null) the newest posts the reader may read. */
    group_id: idValueSchema.nullable().default(null),
    max: z.number().int().min(1).max(pageModuleLimits.streamPosts).default(5),
  }),
  profile_teaser: z.strictObject({ title: optionalTitle, user_ids: ids(pageModuleLimits.profiles) }),
  reviews_widget: z.strictObject({ title: optionalTitle }),
  shop_teaser: z.strictObject({ title: optionalTitle }),
  fundraising_widget: z.strictObject({
    title,
    text: plainTextField(pageModuleLimits.textMaxLength).optional(),
    goal: amount.min(1),
    raised: amount,
    link: linkSchema.optional(),
  }),
  coachings: z.strictObject({
    title: optionalTitle,
    /** Spec 3 demo entity "coaching": page_name, article_name, link. */
    items: z
      .array(z.strictObject({ page_name: title, article_name: title, link: linkSchema }))
      .min(1)
      .max(pageModuleLimits.coachings),
  }),
  gym_pass: z.strictObject({
    title,
    text: plainTextField(pageModuleLimits.textMaxLength).optional(),
    link: linkSchema,
  }),
  data_protection: z.strictObject({ title: optionalTitle, html }),
} satisfies Record<PageModuleType, z.ZodType>;

export type PageModuleData<T extends PageModuleType> = z.output<(typeof pageModuleDataSchemas)[T]>;

/** A module id: letters, digits, `-` and `_`; the server gives new modules one. */
export const pageModuleIdSchema = text().regex(
  /^[A-Za-z0-9_-]{1,40}$/,
  'letters, digits, - and _ (at most 40)',
);

const inputVariant = <T extends PageModuleType>(type: T) =>
  z.strictObject({
    id: pageModuleIdSchema.optional(),
    type: z.literal(type),
    data: pageModuleDataSchemas[type],
  });

/** A module as the page editor sends it. */
export const pageModuleInputSchema = z.discriminatedUnion('type', [
  inputVariant('rich_text'),
  inputVariant('gallery'),
  inputVariant('downloads'),
  inputVariant('subpage_navigation'),
  inputVariant('article_teaser'),
  inputVariant('top_teaser'),
  inputVariant('horizontal_teaser'),
  inputVariant('web_news'),
  inputVariant('stream_widget'),
  inputVariant('profile_teaser'),
  inputVariant('reviews_widget'),
  inputVariant('shop_teaser'),
  inputVariant('fundraising_widget'),
  inputVariant('coachings'),
  inputVariant('gym_pass'),
  inputVariant('data_protection'),
]);
export type PageModuleInput = z.input<typeof pageModuleInputSchema>;
/** A module as stored: validated, defaults filled, HTML sanitised, with its id. */
export type StoredPageModule = z.output<typeof pageModuleInputSchema> & { id: string };

/** A gallery image as the reader gets it. */
export const galleryImageSchema = z.object({
  image_id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  caption: z.string().nullable(),
});

/** A download (spec 3 demo entity "download": title, type, size, linkToDownload). */
export const downloadSchema = z.object({
  file_id: z.number().int(),
  title: z.string(),
  /** MIME type found in the file's content. */
  type: z.string(),
  /** Bytes. */
  size: z.number().int(),
  linkToDownload: z.string(),
});

/** A member in a profile teaser. */
export const profileTeaserMemberSchema = z.object({
  id: z.number().int(),
  combined_name: z.string(),
  img_path: z.string().nullable(),
  position: z.string().nullable(),
});

/** What the server looked up for a module, per type (empty for modules that need nothing). */
export const pageModuleReferenceSchemas = {
  rich_text: z.object({}),
  gallery: z.object({ images: z.array(galleryImageSchema) }),
  downloads: z.object({ files: z.array(downloadSchema) }),
  subpage_navigation: z.object({ pages: z.array(z.object({ id: z.number().int(), title: z.string() })) }),
  article_teaser: z.object({ articles: z.array(articleSchema) }),
  top_teaser: z.object({ articles: z.array(articleSchema), sliderInterval: z.number().int() }),
  horizontal_teaser: z.object({ articles: z.array(articleSchema).max(limits.horizontalTeaserMax) }),
  web_news: z.object({ articles: z.array(articleSchema).max(limits.webNewsMax) }),
  stream_widget: z.object({ posts: z.array(postSchema) }),
  profile_teaser: z.object({ members: z.array(profileTeaserMemberSchema) }),
  /** The web's employer-rating card fetches its own figures (`GET ratings.card`): nothing is referenced. */
  reviews_widget: z.object({ ratings: z.array(z.never()) }),
  /** The web's shop teaser fetches the active products itself (`GET shop/products`): nothing is referenced. */
  shop_teaser: z.object({ items: z.array(z.never()) }),
  fundraising_widget: z.object({}),
  coachings: z.object({}),
  gym_pass: z.object({}),
  data_protection: z.object({}),
} satisfies Record<PageModuleType, z.ZodType>;

const outputVariant = <T extends PageModuleType>(type: T) =>
  z.object({
    id: z.string(),
    type: z.literal(type),
    data: pageModuleDataSchemas[type],
    cross_references: pageModuleReferenceSchemas[type],
  });

/** A module as the reader gets it. */
export const pageModuleSchema = z.discriminatedUnion('type', [
  outputVariant('rich_text'),
  outputVariant('gallery'),
  outputVariant('downloads'),
  outputVariant('subpage_navigation'),
  outputVariant('article_teaser'),
  outputVariant('top_teaser'),
  outputVariant('horizontal_teaser'),
  outputVariant('web_news'),
  outputVariant('stream_widget'),
  outputVariant('profile_teaser'),
  outputVariant('reviews_widget'),
  outputVariant('shop_teaser'),
  outputVariant('fundraising_widget'),
  outputVariant('coachings'),
  outputVariant('gym_pass'),
  outputVariant('data_protection'),
]);
export type PageModule = z.infer<typeof pageModuleSchema>;
export type PageModuleOf<T extends PageModuleType> = Extract<PageModule, { type: T }>;
