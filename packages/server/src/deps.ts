import type { Config } from './config';
import type { Database } from './db/client';
import type { EventBus } from './platform/bus';
import type { Clock } from './platform/clock';
import type { PreviewFetchOptions } from './platform/link-preview';
import type { Mailer } from './platform/mail';
import type { ObjectStore } from './platform/storage';

/** Everything the app needs from outside; tests pass their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  bus: EventBus;
  mailer: Mailer;
  /** Where uploads are kept (`createObjectStore`): the local folder or an S3-compatible bucket. */
  storage: ObjectStore;
  /**
   * How link previews reach other sites; tests inject a resolver. Default: the system resolver with
   * the static host map of `config.linkPreviewHosts` (see `staticHostFetchOptions`).
   */
  linkPreviewFetch?: PreviewFetchOptions;
  /** Where the log lines go (default: stdout); tests read them to prove nothing was logged as an error. */
  logStream?: { write(line: string): void };
  /** The time of rate-limit windows, the sign-in delay and housekeeping; tests move it. Default: the system clock. */
  clock?: Clock;
  /**
   * Tests: every answer is also encoded by zod and must equal what the fast serializer wrote
   * (`platform/response-serializer.ts`). Default: off.
   */
  verifyResponses?: boolean;
}
