import type { Db } from '../../db/client';
import type { EventBus } from '../../platform/bus';
import type { ObjectStore } from '../../platform/storage';

/** What the group and topic services need: the database, the bus for notifications, the file store. */
export interface GroupDeps {
  db: Db;
  bus: EventBus;
  storage: ObjectStore;
}
