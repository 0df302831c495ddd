import { endpoints, type SettingsMenuItem } from '@plaza/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { stubScreen } from '../../test/match-media';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { SettingsDrawer } from './settings-drawer';

const menu: SettingsMenuItem[] = [
  {
    type: 'link',
    key: 'change_password',
    link: '/change_password',
    title: 'Change password',
    icon: null,
    status: null,
  },
  {
    type: 'toggle',
    key: 'email_notifications',
    link: '',
    title: 'Email notifications',
    icon: null,
    status: true,
  },
];

/** The gear of the side drawer with the settings it opens, as the shell wires them. */
function GearAndSettings({ onClose }: { onClose: () => void }) {
  const gear = document.createElement('button');
  document.body.append(gear);
  return <SettingsDrawer open anchor={gear} onClose={onClose} />;
}

describe('SettingsDrawer', () => {
  afterEach(() => vi.unstubAllGlobals());

  // 1264 px and wider once closed the drawer as soon as it opened, so the gear did nothing there.
  for (const width of [390, 1024, 1264, 1920]) {
    it(`shows the settings links and toggles at ${width} px and stays open`, async () => {
      stubScreen(width);
      stubFetch([answer(endpoints.menu.settingsMenu, menu)]);
      const onClose = vi.fn();
      renderInApp(<GearAndSettings onClose={onClose} />, { user: sessionUser(3) });
      const panel = await screen.findByRole('dialog', { name: 'Settings' });
      expect(await screen.findByRole('link', { name: 'Change password' })).toBeTruthy();
      expect(screen.getByRole('switch', { name: 'Email notifications' })).toBeTruthy();
      expect(onClose).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Close settings' }));
      expect(onClose).toHaveBeenCalledOnce();
      expect(panel).toBeTruthy();
    });
  }
});
