import type { Query, QueryClient } from '@tanstack/react-query';

type Enabled = boolean | ((query: Query) => boolean) | undefined;

/**
 * Which queries the parts of a server render asked for switched on. A query keeps the options of its last
 * reader, so a closed dialog that reads a list the page shows (switched off while closed) would hide that
 * the page wants it: the render left it out, and the browser fetched it after taking the page over and
 * drew the page again at once. Every reader's wish is kept instead.
 */
export function renderQueries(client: QueryClient) {
  const wishes = new Map<string, Enabled[]>();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options) => {
    const defaulted = defaults(options);
    const list = wishes.get(defaulted.queryHash) ?? [];
    list.push(defaulted.enabled as Enabled);
    wishes.set(defaulted.queryHash, list);
    return defaulted;
  }) as typeof client.defaultQueryOptions;

  return {
    /** A query some part asked for switched on that has no data and is not being fetched: the next round's. */
    waitsForData(query: Query): boolean {
      const wanted = (wishes.get(query.queryHash) ?? [(query.options as { enabled?: Enabled }).enabled]).some(
        (enabled) => (typeof enabled === 'function' ? enabled(query) : enabled !== false),
      );
      return wanted && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
    },
  };
}
