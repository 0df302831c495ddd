import { call, type SpecCall } from './call';

/** Spec 7 "Auth and settings" and "Activities". */
export const authAndSettingsCalls: SpecCall[] = [
  call('GET auth/is_authenticated', 'GET', 'auth/is_authenticated'),
  call('POST auth/login {email, username, password}: email removed', 'POST', 'auth/login', {
    as: 'visitor',
    body: () => ({ username: 'spec-nobody', password: 'wrong password' }),
  }),
  call('POST auth/login {email, username, password}: username removed', 'POST', 'auth/login', {
    as: 'visitor',
    body: () => ({ email: 'spec-nobody@example.org', password: 'wrong password' }),
  }),
  // Without an enabled provider it sends the browser back to the sign-in page (`sso_error`), a 302.
  call('GET auth/mocs (browser navigation)', 'GET', 'auth/mocs', { as: 'visitor' }),
  call('POST auth/forgot_password {email}', 'POST', 'auth/forgot_password', {
    as: 'visitor',
    body: () => ({ email: 'spec-nobody@example.org' }),
  }),
  call('Edit auth/accept_nda_agb {user_id}', 'PUT', 'auth/accept_nda_agb', {
    as: 'member',
    body: (f) => ({ user_id: f.member }),
  }),
  call(
    'POST auth/reset_password {user_id, hash, new_password, new_password_confirm}',
    'POST',
    'auth/reset_password',
    {
      as: 'visitor',
      // A link of the spec's shape that was never sent: its values are refused, its shape is taken.
      refusedFor: 'reset_link_invalid',
      body: (f) => ({
        user_id: f.other,
        hash: 'a'.repeat(64),
        new_password: 'a new long passphrase',
        new_password_confirm: 'a new long passphrase',
      }),
    },
  ),
  call(
    'POST auth/reset_password {current_password, new_password, new_password_confirm}',
    'POST',
    'auth/reset_password',
    {
      as: 'other',
      body: () => ({
        current_password: 'correct horse battery',
        new_password: 'correct horse battery',
        new_password_confirm: 'correct horse battery',
      }),
    },
  ),
  call('GET settings', 'GET', 'settings'),
  call('GET menu', 'GET', 'menu'),
  call('GET menu/settings', 'GET', 'menu/settings'),
  call('settings.consent with cdisc, track_all and categories joined with -', 'GET', 'settings/consent', {
    query: () => 'cdisc=1&track_all=0&categories=1-3',
  }),
  call('POST users/push_subscription with the push subscription object', 'POST', 'users/push_subscription', {
    body: () => ({
      endpoint: 'https://push.example.org/send/spec-call',
      expirationTime: null,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    }),
  }),
  call('GET notifications/latest', 'GET', 'notifications/latest'),
  call('GET notifications/mark_as_old with id', 'GET', 'notifications/mark_as_old', {
    as: 'member',
    query: (f) => `id=${f.activity}`,
  }),
  call('GET languages', 'GET', 'languages'),
  call('GET languages/{locale}', 'GET', 'languages/en_GB'),
  call('GET activities with page', 'GET', 'activities', { as: 'member', query: () => 'page=1' }),
  call('GET activities/unread_activities', 'GET', 'activities/unread_activities', { as: 'member' }),
];
