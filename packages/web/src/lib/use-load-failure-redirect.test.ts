import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { loadFailureRoute } from './use-load-failure-redirect';

const failure = (status: number) => new ApiRequestError(status, [{ code: 'internal', message: 'x' }]);

describe('loadFailureRoute', () => {
  it('routes 403 and 404 to their pages', () => {
    expect(loadFailureRoute('en_GB', failure(403))).toBe('/en_GB/403');
    expect(loadFailureRoute('de_DE', failure(404))).toBe('/de_DE/404');
  });
  it('routes other failures to the general error page', () => {
    expect(loadFailureRoute('en_GB', failure(500))).toBe('/en_GB/error');
    expect(loadFailureRoute('en_GB', failure(0))).toBe('/en_GB/error');
    expect(loadFailureRoute('en_GB', new Error('boom'))).toBe('/en_GB/error');
  });
});
