import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { activitiesModule } from './activities/routes';
import { authModule } from './auth/routes';
import { directoryModule } from './directory/routes';
import { groupsModule } from './groups/routes';
import { healthModule } from './health';
import { mediaModule } from './media/routes';
import { newsModule } from './news/routes';
import { occasionsModule } from './occasions/routes';
import { postsModule } from './posts/routes';
import { reactionsModule } from './reactions/routes';
import { settingsModule } from './settings/routes';
import { topicsModule } from './topics/routes';
import { tvModule } from './tv/routes';
import { uploadsModule } from './uploads/routes';
import { usersModule } from './users/routes';

/** A feature module registers its routes on the app. */
export type Module = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

/** Feature modules in registration order (platform plugins such as sessions come first). */
export const modules: Module[] = [
  healthModule,
  authModule,
  settingsModule,
  activitiesModule,
  uploadsModule,
  groupsModule,
  topicsModule,
  postsModule,
  reactionsModule,
  newsModule,
  mediaModule,
  tvModule,
  directoryModule,
  occasionsModule,
  usersModule,
];
