import { type DataExport, endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { systemClock } from '../../platform/clock';
import { route } from '../../platform/route';
import { auditOrigin } from '../audit';
import { sendDownload } from '../uploads';
import { exportStatus, openExport, type PrivacyDeps, requestExport } from './service';
import { createExportWorker } from './worker';

/** Members' personal data: data exports asked by the member or an administrator, prepared in the background. */
export async function privacyModule(
  app: FastifyInstance,
  { database, mailer, config, clock, storage }: AppDeps,
): Promise<void> {
  const deps: PrivacyDeps = { db: database.db, storage, clock: clock ?? systemClock };
  const worker = createExportWorker({ ...deps, mailer, publicUrl: config.publicUrl, log: app.log });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  const api = endpoints.personalData;

  // A new request starts the worker of this instance at once (the timer catches up with any it misses).
  const requested = async (exported: Promise<DataExport>) => {
    const result = await exported;
    void worker.runSoon();
    return result;
  };
  route(app, api.requestOwn, ({ user, request }) =>
    requested(requestExport(deps, user, user.id, auditOrigin(request))),
  );
  route(app, api.ownStatus, ({ user }) => exportStatus(deps, user, user.id));
  route(app, api.requestFor, ({ user, params, request }) =>
    requested(requestExport(deps, user, params.id, auditOrigin(request))),
  );
  route(app, api.statusFor, ({ user, params }) => exportStatus(deps, user, params.id));
  route(app, api.download, async ({ user, params, request, reply }) =>
    sendDownload(reply, await openExport(deps, user, params.id, auditOrigin(request))),
  );
}
