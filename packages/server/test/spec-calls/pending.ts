import type { PendingCall } from './call';

const registration = 50;
const signOn = 51;

/**
 * Calls of the spec's section 7 that no issue has built yet, with the issue that brings each. The walk
 * fails once the contract has one of them: it then belongs in the walk with the shape the spec writes.
 */
export const pendingCalls: PendingCall[] = [
  { spec: 'GET auth/mocs (browser navigation)', method: 'GET', path: '/api/v2/auth/mocs', issue: signOn },
  {
    spec: 'POST users/new {agb plus invoice address}',
    method: 'POST',
    path: '/api/v2/users/new',
    issue: registration,
  },
  {
    spec: 'POST registration/{subscriberNumber}',
    method: 'POST',
    path: '/api/v2/registration/:subscriberNumber',
    issue: registration,
  },
  {
    spec: 'GET shop/subscription_options',
    method: 'GET',
    path: '/api/v2/shop/subscription_options',
    issue: registration,
  },
  { spec: 'GET shop/gifts', method: 'GET', path: '/api/v2/shop/gifts', issue: registration },
  {
    spec: 'GET registration/topics',
    method: 'GET',
    path: '/api/v2/registration/topics',
    issue: registration,
  },
  {
    spec: 'POST registration/user_data (topics, newsletter_subscription, birthday)',
    method: 'POST',
    path: '/api/v2/registration/user_data',
    issue: registration,
  },
  {
    spec: 'Billing: GET subscriptions/mine',
    method: 'GET',
    path: '/billing-api/v1/subscriptions/mine',
    issue: registration,
  },
  {
    spec: 'Billing: DELETE subscriptions/{id}',
    method: 'DELETE',
    path: '/billing-api/v1/subscriptions/:id',
    issue: registration,
  },
];
