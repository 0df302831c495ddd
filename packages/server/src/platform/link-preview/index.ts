export { type FetchedPreview, fetchPreview, type PreviewFetchOptions } from './fetch-preview';
export { FetchFailed, fetchLimits } from './safe-fetch';
export { staticHostFetchOptions } from './static-hosts';
export {
  type GuardOptions,
  guardTarget,
  isPublicAddress,
  type PrivateAllowance,
  RefusedTarget,
  type Resolver,
  systemResolver,
} from './url-guard';
