import { act, render, screen } from '@testing-library/react';
import {
  createMemoryRouter,
  Link,
  matchRoutes,
  Outlet,
  type RouteObject,
  RouterProvider,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeTitleKey, useRouteTitleKey } from './page-title';

function Title() {
  const key = useRouteTitleKey((pathname) =>
    routeTitleKey((matchRoutes(routes, pathname) ?? []).map((match) => match.route)),
  );
  return (
    <>
      <output>{key}</output>
      <Outlet />
    </>
  );
}

let release: () => void = () => {};
const routes: RouteObject[] = [
  {
    element: <Title />,
    children: [],
  },
];
routes[0]!.children = [
  { path: '/login', handle: { title: 'auth.login.title' }, element: <Link to="/">Sign in</Link> },
  {
    index: true,
    handle: { title: 'menu.main.dashboard' },
    // The dashboard's code arrives only when the test lets it.
    lazy: () =>
      new Promise((resolve) => {
        release = () => resolve({ Component: () => <p>Dashboard</p> });
      }),
  },
];

// After sign-in the tab said "Anmelden" until the dashboard's code had loaded.
describe('useRouteTitleKey', () => {
  it('names the next route at once while its page is still loading', async () => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/login'] })} />);
    expect((await screen.findByRole('status')).textContent).toBe('auth.login.title');
    await act(async () => screen.getByRole('link', { name: 'Sign in' }).click());
    expect(screen.getByRole('status').textContent).toBe('menu.main.dashboard');
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('menu.main.dashboard');
  });
});
