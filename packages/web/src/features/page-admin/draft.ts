import type { AdminPage, PageDraftInput, PageModuleType, PageType, PageVisibility } from '@plaza/contract';
import { timings } from '@plaza/contract/constants';
import { pageDraftSchema } from '@plaza/contract/pages';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** Module data as the editor holds it: the contract's fields, texts possibly empty, numbers possibly typed text. */
export type ModuleData = Record<string, unknown>;

/** A module in the editor: `key` names it in React (its id once saved), `id` is the server's. */
export interface EditorModule {
  key: string;
  id?: string;
  type: PageModuleType;
  data: ModuleData;
}

/** The editor's state of a page draft. */
export interface EditorDraft {
  type: PageType;
  title: string;
  teaser: string;
  visibility: PageVisibility;
  comments_allowed: boolean;
  likes_allowed: boolean;
  /** Share options: `enabled` false sends none. */
  share: { enabled: boolean; title: string; description: string; image_id: number | null };
  modules: EditorModule[];
}

/** What a new module of each type starts with (the contract's defaults, empty texts to fill in). */
export function newModuleData(type: PageModuleType): ModuleData {
  switch (type) {
    case 'rich_text':
    case 'data_protection':
      return { title: '', html: '' };
    case 'gallery':
      return { title: '', images: [] };
    case 'downloads':
      return { title: '', files: [] };
    case 'subpage_navigation':
      return { title: '', page_ids: [] };
    case 'article_teaser':
      return {
        title: '',
        template: 'slider',
        intervall: timings.topTeaserIntervalMs,
        autoplay: true,
        category_id: null,
        max: 6,
      };
    case 'top_teaser':
      return { category_id: null };
    case 'horizontal_teaser':
    case 'web_news':
      return { title: '', category_id: null };
    case 'stream_widget':
      return { title: '', group_id: null, max: 5 };
    case 'profile_teaser':
      return { title: '', user_ids: [] };
    case 'reviews_widget':
    case 'shop_teaser':
      return { title: '' };
    case 'fundraising_widget':
      return { title: '', text: '', goal: '', raised: 0, link: '' };
    case 'coachings':
      return { title: '', items: [{ page_name: '', article_name: '', link: '' }] };
    case 'gym_pass':
      return { title: '', text: '', link: '' };
  }
}

let counter = 0;
/** A key for a module not saved yet. */
export const newModuleKey = () => `new-${++counter}`;

/** The editor's state of a stored page. */
export function draftOf(page: AdminPage): EditorDraft {
  const { draft } = page;
  return {
    type: draft.type,
    title: draft.title,
    teaser: draft.teaser,
    visibility: draft.visibility,
    comments_allowed: draft.comments_allowed,
    likes_allowed: draft.likes_allowed,
    share: {
      enabled: draft.share_options !== null,
      title: draft.share_options?.title ?? '',
      description: draft.share_options?.description ?? '',
      image_id: draft.share_options?.image_id ?? null,
    },
    modules: draft.modules.map((module) => ({
      key: module.id,
      id: module.id,
      type: module.type,
      data: structuredClone(module.data) as ModuleData,
    })),
  };
}

/** Drops empty texts (optional fields left empty; a required one is then reported as missing). */
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => !(typeof item === 'string' && item.trim() === ''))
        .map(([key, item]) => [key, withoutEmpty(item)]),
    );
  }
  return value;
}

type DraftModule = NonNullable<PageDraftInput['modules']>[number];

/** The request body of the draft (`POST`/`PUT admin/pages`). */
export function bodyOf(draft: EditorDraft): PageDraftInput {
  const { share } = draft;
  return {
    type: draft.type,
    title: draft.title,
    teaser: draft.teaser,
    visibility: draft.visibility,
    comments_allowed: draft.comments_allowed,
    likes_allowed: draft.likes_allowed,
    share_options: share.enabled
      ? {
          title: share.title,
          ...(share.description.trim() ? { description: share.description } : {}),
          image_id: share.image_id,
        }
      : null,
    modules: draft.modules.map(
      (module) =>
        ({
          ...(module.id ? { id: module.id } : {}),
          type: module.type,
          data: withoutEmpty(module.data),
        }) as unknown as DraftModule,
    ),
  };
}

/** Field errors by dotted path of the body (`title`, `modules.2.data.link`): the translated text. */
export type FieldErrors = ReadonlyMap<string, string>;

/** Checks the draft with the contract's schema (as the server will); the errors in the page's language. */
export function validateDraft(t: TFunction, draft: EditorDraft): FieldErrors {
  const result = pageDraftSchema.safeParse(bodyOf(draft));
  const errors = new Map<string, string>();
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = pathOf(issue.path);
    if (!errors.has(path)) errors.set(path, issueText(t, issue));
  }
  return errors;
}

/** The body path the editor shows share option errors at. */
function pathOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** The text of a contract complaint about a field. */
export function issueText(t: TFunction, issue: z.core.$ZodIssue): string {
  const last = String(issue.path.at(-1) ?? '');
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return t('page_admin.errors.required');
      if (issue.origin === 'array') return t('page_admin.errors.too_few', { count: Number(issue.minimum) });
      return t('page_admin.errors.too_small', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return t('page_admin.errors.too_long', { max: Number(issue.maximum) });
      if (issue.origin === 'array') return t('page_admin.errors.too_many', { max: Number(issue.maximum) });
      return t('page_admin.errors.too_large', { max: Number(issue.maximum) });
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int'
        ? t('page_admin.errors.whole_number')
        : t('page_admin.errors.required');
    default:
      return last === 'link' ? t('page_admin.errors.link') : t('page_admin.errors.invalid');
  }
}

/** Whether two drafts would save the same. */
export function sameDraft(a: EditorDraft, b: EditorDraft): boolean {
  return JSON.stringify(bodyOf(a)) === JSON.stringify(bodyOf(b));
}
