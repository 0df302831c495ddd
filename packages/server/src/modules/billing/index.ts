// The public entry of the billing module: what the app and other modules may use. Everything else in this folder is private to it.

export {
  createSubscription,
  endPendingSubscriptions,
  linkSubscription,
  type NewSubscription,
  startSubscriptions,
} from './lifecycle';
export { type Charge, type RenewalOutcome, renewDueSubscriptions } from './renewals';
export { billingModule } from './routes';
