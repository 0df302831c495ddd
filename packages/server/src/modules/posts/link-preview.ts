import type { LinkPreview } from '@plaza/contract';
import type { AppDeps } from '../../deps';
import { getLinkPreview, mediaDeps } from '../media';

/** The server-side preview fetcher posts use: the guarded, cached fetcher of the media module. */
export function postPreviewFetcher(appDeps: AppDeps): (url: string) => Promise<LinkPreview | null> {
  const deps = mediaDeps(appDeps);
  return (url) => getLinkPreview(deps, url);
}
