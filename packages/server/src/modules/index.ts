import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { activitiesModule } from './activities';
import { auditModule } from './audit';
import { authModule } from './auth';
import { billingModule } from './billing';
import { brandingModule } from './branding';
import { chatModule } from './chat';
import { directoryModule } from './directory';
import { groupsModule } from './groups';
import { healthModule } from './health';
import { jobsModule } from './jobs';
import { mediaModule } from './media';
import { membersModule } from './members';
import { newsModule } from './news';
import { occasionsModule } from './occasions';
import { pagesModule } from './pages';
import { paymentsModule } from './payments';
import { postsModule } from './posts';
import { privacyModule } from './privacy';
import { pushModule } from './push';
import { ratingsModule } from './ratings';
import { reactionsModule } from './reactions';
import { registrationModule } from './registration';
import { searchModule } from './search';
import { settingsModule } from './settings';
import { shopModule } from './shop';
import { ssoModule } from './sso';
import { topicsModule } from './topics';
import { tvModule } from './tv';
import { uploadsModule } from './uploads';
import { usersModule } from './users';

/** A feature module registers its routes on the app. */
export type Module = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

/** Feature modules in registration order (platform plugins such as sessions come first). */
export const modules: Module[] = [
  healthModule,
  authModule,
  ssoModule,
  settingsModule,
  pushModule,
  activitiesModule,
  uploadsModule,
  brandingModule,
  groupsModule,
  topicsModule,
  postsModule,
  reactionsModule,
  newsModule,
  pagesModule,
  mediaModule,
  tvModule,
  directoryModule,
  occasionsModule,
  jobsModule,
  usersModule,
  ratingsModule,
  shopModule,
  paymentsModule,
  registrationModule,
  billingModule,
  membersModule,
  privacyModule,
  chatModule,
  searchModule,
  auditModule,
];
