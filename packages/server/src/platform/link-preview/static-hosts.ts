import type { PreviewFetchOptions } from './fetch-preview';
import { type Resolver, systemResolver } from './url-guard';

/**
 * The operator's fetch options for link previews from the static host map (`LINK_PREVIEW_HOSTS`):
 * a listed name resolves only to its configured address (no DNS), and that one pair (name AND
 * address) may be private or loopback. Every other name, and every bare address, goes through the
 * resolver and the full guard, also after a redirect from a listed host. An empty map gives the
 * default: the system resolver without any exception.
 */
export function staticHostFetchOptions(
  hosts: ReadonlyMap<string, string>,
  resolve: Resolver = systemResolver,
): PreviewFetchOptions {
  if (hosts.size === 0) return { resolve };
  return {
    resolve: async (hostname) => {
      const address = hosts.get(hostname);
      return address === undefined ? resolve(hostname) : [address];
    },
    allowPrivate: (hostname, address) => hosts.get(hostname) === address,
  };
}
