import { activityEndpoints } from './activities';
import { adminEndpoints } from './admin';
import { authEndpoints } from './auth';
import { billingEndpoints } from './billing';
import { chatEndpoints } from './chat';
import { directoryEndpoints } from './directory';
import { groupMemberEndpoints } from './group-members';
import { groupEndpoints } from './groups';
import { jobEndpoints } from './jobs';
import { mediaEndpoints } from './media';
import { memberEndpoints } from './members';
import { menuEndpoints } from './menu';
import { newsEndpoints } from './news';
import { occasionEndpoints } from './occasions';
import { pageEndpoints } from './pages';
import { personalDataEndpoints } from './personal-data';
import { postEndpoints } from './posts';
import { pushEndpoints } from './push';
import { ratingEndpoints } from './ratings';
import { commentEndpoints, likeEndpoints } from './reactions';
import { registrationEndpoints } from './registration';
import { searchEndpoints } from './search';
import { settingsEndpoints } from './settings-api';
import { shopEndpoints } from './shop';
import { topicEndpoints } from './topics';
import { tvEndpoints } from './tv';
import { uploadEndpoints } from './uploads';
import { userEndpoints } from './users';

export * from './activities';
export * from './admin';
export * from './auth';
export * from './billing';
export * from './birthday';
export * from './brand-contrast';
export * from './chat';
export * from './constants';
export * from './directory';
export * from './endpoint';
export * from './entities';
export * from './errors';
export * from './filters';
export * from './group-members';
export * from './groups';
export * from './jobs';
export * from './link-url';
export * from './list-param';
export * from './media';
export * from './members';
export * from './menu';
export * from './news';
export * from './occasions';
export * from './pages';
export * from './pagination';
export * from './paths';
export * from './personal-data';
export * from './postcodes';
export * from './posts';
export * from './profile';
export * from './push';
export * from './ratings';
export * from './reactions';
export * from './realtime';
export * from './registration';
export * from './search';
export * from './settings';
export * from './settings-api';
export * from './shop';
export * from './text';
export * from './topics';
export * from './tv';
export * from './uploads';
export * from './users';

/** Every endpoint of the API, by resource. */
export const endpoints = {
  auth: authEndpoints,
  menu: menuEndpoints,
  settings: settingsEndpoints,
  activities: activityEndpoints,
  groups: { ...groupEndpoints, ...groupMemberEndpoints },
  topics: topicEndpoints,
  uploads: uploadEndpoints,
  posts: postEndpoints,
  comments: commentEndpoints,
  likes: likeEndpoints,
  news: newsEndpoints,
  pages: pageEndpoints,
  chat: chatEndpoints,
  push: pushEndpoints,
  media: mediaEndpoints,
  tv: tvEndpoints,
  directory: directoryEndpoints,
  occasions: occasionEndpoints,
  jobs: jobEndpoints,
  ratings: ratingEndpoints,
  users: userEndpoints,
  members: memberEndpoints,
  personalData: personalDataEndpoints,
  search: searchEndpoints,
  shop: shopEndpoints,
  registration: registrationEndpoints,
  billing: billingEndpoints,
  admin: adminEndpoints,
};
