import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LazyPage } from './lazy-page';
import { routeModules, routes } from './routes';

function lazyRoutes(list: RouteObject[]): LazyPage[] {
  return list.flatMap((route) => [
    ...(typeof route.lazy === 'function' ? [route.lazy as LazyPage] : []),
    ...lazyRoutes(route.children ?? []),
  ]);
}

describe('the route table', () => {
  it('names the module of every lazy route as the path its import loads', () => {
    const lazies = lazyRoutes(routes);
    expect(lazies.length).toBeGreaterThan(30);
    for (const lazy of lazies) {
      // The test's transform writes the import with its resolved path: `/src/<module>.tsx`.
      expect(String(lazy.load), lazy.module).toMatch(new RegExp(`["']/src/${lazy.module}\\.tsx?["']`));
    }
  });

  it("gives a path's lazy modules, outer routes first", () => {
    expect(routeModules('/de_DE/groups')).toEqual(['app/shell/app-shell', 'features/groups/groups-page']);
    expect(routeModules('/en_GB/groups/7')).toEqual(['app/shell/app-shell', 'app/pages/group-routes']);
    expect(routeModules('/de_DE/login')).toEqual(['features/auth/login-page']);
  });
});
