import { describe, expect, it } from 'vitest';
import { slowRoute } from './query-scopes';

/** Routes whose statements stay off the shared pipelined connections by their pattern (`db/pool.ts`). */
describe('routes known to be slow', () => {
  it('takes exports, searches and the administration lists as slow', () => {
    expect(slowRoute('GET', '/api/v2/ratings/ratings_export')).toBe(true);
    expect(slowRoute('POST', '/api/v2/me/data_export')).toBe(true);
    expect(slowRoute('GET', '/api/v2/data_exports/:id/download')).toBe(true);
    expect(slowRoute('GET', '/api/v2/pages/search')).toBe(true);
    expect(slowRoute('GET', '/api/v2/users/search')).toBe(true);
    expect(slowRoute('GET', '/api/v2/admin/orders')).toBe(true);
    expect(slowRoute('GET', '/api/v2/admin/audit')).toBe(true);
  });

  it('leaves the streams, the cheap calls and the administration writes on the pipes', () => {
    expect(slowRoute('GET', '/api/v2/news')).toBe(false);
    expect(slowRoute('GET', '/api/v2/settings')).toBe(false);
    expect(slowRoute('GET', '/api/v2/auth/is_authenticated')).toBe(false);
    expect(slowRoute('PUT', '/api/v2/admin/pages/:id')).toBe(false);
    expect(slowRoute('GET', '/api/v2/researchers')).toBe(false);
  });
});
