import type { LinkPreview } from '@plaza/contract';
import type { Db } from '../../db/client';
import type { EventBus } from '../../platform/bus';

/** What the post services need: database, bus for notifications, data folder, and the preview fetcher. */
export interface PostDeps {
  db: Db;
  bus: EventBus;
  dataDir: string;
  /** Fetches a link preview on the server (never throws; null when there is none). */
  fetchPreview: (url: string) => Promise<LinkPreview | null>;
}
