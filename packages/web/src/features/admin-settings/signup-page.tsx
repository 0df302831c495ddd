import { socialLoginTypes } from '@plaza/contract/settings';
import { SettingGroupsPage } from './setting-groups-page';
import type { SettingField } from './settings-fields';

const signupFields: { key: string; fields: SettingField[] }[] = [
  {
    key: 'signup',
    fields: [
      { path: 'signup_configuration.active', kind: 'switch' },
      { path: 'signup_configuration.type', kind: 'select', options: ['basic', 'advanced'] },
      { path: 'signup_configuration.active_login_types', kind: 'choices', options: socialLoginTypes },
    ],
  },
  {
    key: 'login',
    fields: [{ path: 'login_options.login_identifier', kind: 'select', options: ['username', 'email'] }],
  },
];

/** Who may sign up and how (basic or advanced form, social sign-ins), and what members sign in with. */
export function SignupPage() {
  return <SettingGroupsPage page="signup" groups={signupFields} />;
}
