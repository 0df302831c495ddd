import { dataExportLimits, type Locale, locales } from '@plaza/contract';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { t } from '../../platform/i18n';
import type { Mailer } from '../../platform/mail';
import type { ObjectStore } from '../../platform/storage';
import { getSettings } from '../settings';
import { type DataExportRow, privacyRepo } from './repo';
import { downloadPath, removeExportFiles, writeExport } from './service';

export interface ExportWorkerDeps {
  db: Db;
  storage: ObjectStore;
  mailer: Mailer;
  publicUrl: string;
  clock: () => Date;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

/** Mails the asker (in their language) that the export is ready, with its download link. */
async function mailReady(deps: ExportWorkerDeps, row: DataExportRow, expiresAt: Date): Promise<void> {
  const [asker, member] = await Promise.all([
    privacyRepo.person(deps.db, row.requested_by),
    privacyRepo.person(deps.db, row.member_id),
  ]);
  if (!asker || !member) return;
  const locale: Locale = (locales as readonly string[]).includes(asker.selected_language)
    ? (asker.selected_language as Locale)
    : 'de_DE';
  const settings = await getSettings(deps.db);
  const vars = {
    name: asker.firstname || asker.username,
    member: `${member.firstname} ${member.lastname}`.trim() || member.username,
    company: settings.company.name,
    days: dataExportLimits.expiryDays,
    date: new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' }).format(
      expiresAt,
    ),
  };
  const own = row.requested_by === row.member_id;
  await deps.mailer.send({
    to: asker.email,
    subject: t(locale, 'mail.data_export.subject', vars),
    text: [
      t(locale, 'mail.greeting', vars),
      '',
      t(locale, own ? 'mail.data_export.text_own' : 'mail.data_export.text_member', vars),
      `${deps.publicUrl}${downloadPath(row.id)}`,
      '',
      t(locale, 'mail.data_export.expires', vars),
      '',
      t(locale, 'mail.signature', vars),
    ].join('\n'),
  });
}

/** Prepares one claimed export: the zip, the row ready (or failed), then the mail. */
async function prepare(deps: ExportWorkerDeps, row: DataExportRow): Promise<void> {
  let written: { path: string; size: number } | null = null;
  try {
    written = await writeExport(deps, row.member_id);
    const now = deps.clock();
    if (!(await privacyRepo.finish(deps.db, row.id, { state: 'ready', ...written }, now))) {
      // The member or the asker was deleted meanwhile: nothing may keep the zip.
      await removeExportFiles(deps.storage, [written.path]);
      return;
    }
    deps.log.info({ exportId: row.id, size: written.size }, 'data export ready');
    const expiresAt = new Date(now.getTime() + dataExportLimits.expiryDays * 86_400_000);
    await mailReady(deps, row, expiresAt).catch((error: unknown) =>
      deps.log.error({ err: error, exportId: row.id }, 'the data export mail was not sent'),
    );
  } catch (error) {
    deps.log.error({ err: error, exportId: row.id }, 'data export failed');
    if (written) await removeExportFiles(deps.storage, [written.path]).catch(() => undefined);
    await privacyRepo.finish(deps.db, row.id, { state: 'failed' }, deps.clock()).catch(() => undefined);
  }
}

/**
 * The export worker of this instance: `runSoon` (after a request, and every `pollSeconds`) claims
 * requested exports one at a time until none is left; a claim is a single `for update skip locked`
 * update, so each export is prepared by one instance. `stop` waits for the export in progress.
 */
export function createExportWorker(deps: ExportWorkerDeps) {
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  let timer: NodeJS.Timeout | undefined;

  async function drain(): Promise<void> {
    for (;;) {
      const row = await privacyRepo.claim(deps.db, deps.clock());
      if (!row) return;
      await prepare(deps, row);
    }
  }

  const worker = {
    /** Looks for requested exports once the current look (if any) is over; never rejects. */
    runSoon(): Promise<void> {
      if (queued) return running;
      queued = true;
      running = running.then(async () => {
        queued = false;
        await drain().catch((error: unknown) => {
          if (isDatabaseUnavailable(error))
            deps.log.warn({ err: error }, 'data exports: database unavailable');
          else deps.log.error({ err: error }, 'data exports: the worker failed');
        });
      });
      return running;
    },
    start(): void {
      if (timer) return;
      timer = setInterval(() => void worker.runSoon(), dataExportLimits.pollSeconds * 1000);
      timer.unref();
      void worker.runSoon();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return worker;
}

export type ExportWorker = ReturnType<typeof createExportWorker>;
