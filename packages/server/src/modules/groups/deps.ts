import type { Db } from '../../db/client';
import type { EventBus } from '../../platform/bus';

/** What the group and topic services need: the database, the bus for notifications, the data folder for stored files. */
export interface GroupDeps {
  db: Db;
  bus: EventBus;
  dataDir: string;
}
