import { call, type SpecCall } from './call';

/**
 * Spec 7 "Registration": the offer (sign-up is on in the walk, basic), a basic sign-up (agb and the
 * invoice address with the account's email and password: 202), a subscriber number that names no
 * subscription (422 `subscription_not_found`, the spec's failure answer) and the member's personal data.
 */
export const registrationCalls: SpecCall[] = [
  call('GET shop/subscription_options', 'GET', 'shop/subscription_options', { as: 'visitor' }),
  call('GET shop/gifts', 'GET', 'shop/gifts', { as: 'visitor' }),
  call('GET registration/topics', 'GET', 'registration/topics', { as: 'visitor' }),
  call('POST users/new {agb plus invoice address}', 'POST', 'users/new', {
    as: 'visitor',
    body: () => ({
      agb: true,
      invoice_address: {
        gender: null,
        firstname: 'Rita',
        lastname: 'Register',
        address: 'Hauptstraße',
        house_number: '1',
        zip: '10115',
        city: 'Berlin',
        country: 'DE',
        email: 'rita.register@example.org',
        password: 'a walk password',
      },
    }),
  }),
  call('POST registration/{subscriberNumber}', 'POST', 'registration/12345678', {
    as: 'member',
    body: () => ({ zip: '10115' }),
  }),
  call(
    'POST registration/user_data (topics, newsletter_subscription, birthday)',
    'POST',
    'registration/user_data',
    {
      as: 'member',
      body: () => ({ topics: [], newsletter_subscription: ['events'], birthday: '01/02/1990' }),
    },
  ),
];
