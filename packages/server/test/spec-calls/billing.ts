import { call, type SpecCall } from './call';

/**
 * Spec 7 billing, under `/billing-api/v1/`: the member's subscriptions, and a cancellation (the walk's
 * member has none: 404, the spec's answer for a subscription not the member's).
 */
export const billingCalls: SpecCall[] = [
  call('Billing: GET subscriptions/mine', 'GET', '/billing-api/v1/subscriptions/mine', { as: 'member' }),
  call('Billing: DELETE subscriptions/{id}', 'DELETE', '/billing-api/v1/subscriptions/999999', {
    as: 'member',
  }),
];
