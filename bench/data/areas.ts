import { activities } from './activities';
import { audit } from './audit';
import { chat } from './chat';
import type { Area } from './context';
import { derived } from './derived';
import { groups } from './groups';
import { jobs } from './jobs';
import { news } from './news';
import { orders } from './orders';
import { people } from './people';
import { posts } from './posts';
import { ratings } from './ratings';
import { reactions } from './reactions';
import { settings } from './settings';
import { shop } from './shop';
import { subscriptions } from './subscriptions';

/**
 * The areas of the generated community, in the order they are filled (an area reads what the ones
 * before it wrote). A new feature (jobs, ratings, shop) adds its file here, before `derived`,
 * which computes what the server derives from the rows.
 */
export const areas: Area[] = [
  settings,
  people,
  groups,
  news,
  posts,
  reactions,
  activities,
  chat,
  ratings,
  jobs,
  shop,
  orders,
  subscriptions,
  audit,
  derived,
];
