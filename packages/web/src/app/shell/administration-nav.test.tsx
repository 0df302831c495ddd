import type { SettingsMenuItem } from '@plaza/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, type SessionAnswer } from '../../test/render-in-app';
import { AdministrationNav } from './administration-nav';

const link = (key: string, path: string, title: string): SettingsMenuItem => ({
  type: 'link',
  key,
  link: path,
  title,
  icon: null,
  status: null,
});

// The administration hid in the personal gear popover: it has its own place in the navigation.
describe('AdministrationNav', () => {
  it('shows nothing to a member without administration', async () => {
    renderInApp(<AdministrationNav onNavigate={() => {}} />);
    await act(async () => {});
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByText('Administration')).toBeNull();
  });

  it('leads a member with any section to the administration in one entry', async () => {
    const onNavigate = vi.fn();
    const { client } = renderInApp(<AdministrationNav onNavigate={onNavigate} />);
    act(() => {
      client.setQueryData<SessionAnswer>(['session'], (answer) => ({
        ...answer!,
        session: {
          ...answer!.session,
          administrationRoutes: [
            link('members', '/admin/members', 'Manage members'),
            link('pages', '/admin/pages', 'Manage pages'),
          ],
        },
      }));
    });
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Administration', '/en_GB/admin'],
    ]);
    act(() => links[0]!.click());
    expect(onNavigate).toHaveBeenCalled();
  });
});
