import { randomBytes } from 'node:crypto';
import type { PageDraft, StoredPageModule } from '@plaza/contract';
import { badRequest } from '../../platform/errors';
import { sanitizeArticleHtml } from '../../platform/html-sanitizer';

type ModuleInput = PageDraft['modules'][number];

function newModuleId(): string {
  return `m${randomBytes(9).toString('base64url')}`;
}

/** A module's HTML sanitised like an article's; an editor that sends only tags we drop gets a 400. */
function sanitized(module: ModuleInput, index: number): ModuleInput {
  if (module.type !== 'rich_text' && module.type !== 'data_protection') return module;
  const html = sanitizeArticleHtml(module.data.html);
  if (html.trim() === '')
    throw badRequest(`modules.${index}.data.html: no text is left once cleaned`, 'modules');
  return { ...module, data: { ...module.data, html } };
}

/**
 * The modules to store: validated by the contract already, HTML sanitised, each with an id (kept when
 * the editor sent one that is not taken twice, else a new random one).
 */
export function storedModules(modules: readonly ModuleInput[]): StoredPageModule[] {
  const seen = new Set<string>();
  return modules.map((module, index) => {
    const id = module.id && !seen.has(module.id) ? module.id : newModuleId();
    seen.add(id);
    return { ...sanitized(module, index), id } as StoredPageModule;
  });
}

/** The uploaded images and files that the modules and the share card name. */
export function referencedUploads(draft: Pick<PageDraft, 'modules' | 'share_options'>) {
  const imageIds = new Set<number>();
  const fileIds = new Set<number>();
  if (draft.share_options?.image_id) imageIds.add(draft.share_options.image_id);
  for (const module of draft.modules) {
    if (module.type === 'gallery') for (const image of module.data.images) imageIds.add(image.image_id);
    if (module.type === 'downloads') for (const file of module.data.files) fileIds.add(file.file_id);
  }
  return { imageIds: [...imageIds], fileIds: [...fileIds] };
}
