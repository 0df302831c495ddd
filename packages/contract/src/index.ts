import { activityEndpoints } from './activities';
import { authEndpoints } from './auth';
import { groupEndpoints } from './groups';
import { menuEndpoints } from './menu';
import { settingsEndpoints } from './settings-api';
import { topicEndpoints } from './topics';
import { uploadEndpoints } from './uploads';

export * from './activities';
export * from './auth';
export * from './constants';
export * from './endpoint';
export * from './entities';
export * from './errors';
export * from './groups';
export * from './menu';
export * from './pagination';
export * from './realtime';
export * from './settings';
export * from './settings-api';
export * from './topics';
export * from './uploads';

/** Every endpoint of the API, by resource. */
export const endpoints = {
  auth: authEndpoints,
  menu: menuEndpoints,
  settings: settingsEndpoints,
  activities: activityEndpoints,
  groups: groupEndpoints,
  topics: topicEndpoints,
  uploads: uploadEndpoints,
};
