export { type PushSubscriptionRow, pushRepo } from './repo';
export { configurePush, presenceWindowMs, pushInBackground, pushKeys, pushToAbsentMembers } from './send';
