import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderQueries } from './render-queries';

const list = { queryKey: ['suggestions'], queryFn: async () => ['a'] };
const search = { queryKey: ['search', ''], queryFn: async () => ['b'] };

function Page() {
  useQuery(list);
  // A closed dialog reads the same list, switched off while closed; a search waits for a term.
  useQuery({ ...list, enabled: false });
  useQuery({ ...search, enabled: () => false });
  return null;
}

describe('renderQueries', () => {
  it('waits for a query one part wants though a later reader switches it off, not for one nobody wants', () => {
    const client = new QueryClient();
    const { waitsForData } = renderQueries(client);
    renderToString(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
    const waiting = client
      .getQueryCache()
      .findAll({ predicate: waitsForData })
      .map((query) => query.queryKey);
    expect(waiting).toEqual([['suggestions']]);
  });
});
