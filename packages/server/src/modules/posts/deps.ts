import type { LinkPreview } from '@plaza/contract';
import type { Db } from '../../db/client';
import type { EventBus } from '../../platform/bus';
import type { ObjectStore } from '../../platform/storage';

/** What the post services need: database, bus for notifications, file store, and the preview fetcher. */
export interface PostDeps {
  db: Db;
  bus: EventBus;
  storage: ObjectStore;
  /** Fetches a link preview on the server (never throws; null when there is none). */
  fetchPreview: (url: string) => Promise<LinkPreview | null>;
}
