import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { systemClock } from '../../platform/clock';
import { route } from '../../platform/route';
import { auditOrigin } from '../audit';
import { receiveUpload, registerMultipart, type UploadDeps } from '../uploads';
import {
  closeJob,
  createJob,
  deleteJob,
  jobLocations,
  listAdminJobs,
  publishJob,
  readAdminJob,
  removeJobImage,
  saveJob,
  uploadJobImage,
} from './admin-service';
import { jobFilters, listJobs, readJob } from './service';

/** The jobs board: members read open jobs; superadmins and the jobs permission manage them. */
export async function jobsModule(app: FastifyInstance, { database, clock, storage }: AppDeps): Promise<void> {
  const { db } = database;
  const now = clock ?? systemClock;
  const deps: UploadDeps = { db, storage };
  const { jobs } = endpoints;

  route(app, jobs.list, ({ query, request }) => listJobs(db, query, request.locale));
  route(app, jobs.filters, ({ request }) => jobFilters(db, request.locale));
  route(app, jobs.get, ({ user, params, query, request }) =>
    readJob(db, user, params.id, query, request.locale),
  );

  route(app, jobs.adminList, ({ user, query }) => listAdminJobs(db, user, query));
  route(app, jobs.adminLocations, ({ user }) => jobLocations(db, user));
  route(app, jobs.adminCreate, ({ user, body, request }) => createJob(db, user, body, auditOrigin(request)));
  route(app, jobs.adminGet, ({ user, params }) => readAdminJob(db, user, params.id));
  route(app, jobs.adminSave, ({ user, params, body, request }) =>
    saveJob(db, user, params.id, body, auditOrigin(request)),
  );
  route(app, jobs.adminPublish, ({ user, params, request }) =>
    publishJob(db, user, params.id, now(), auditOrigin(request)),
  );
  route(app, jobs.adminClose, ({ user, params, request }) =>
    closeJob(db, user, params.id, now(), auditOrigin(request)),
  );
  route(app, jobs.adminDelete, ({ user, params, request }) =>
    deleteJob(deps, user, params.id, auditOrigin(request)),
  );
  route(app, jobs.adminRemoveImage, ({ user, params }) => removeJobImage(deps, user, params.id));

  // Multipart parsing exists only inside this scope, for the upload route.
  await app.register(async (scope) => {
    await registerMultipart(scope);
    route(scope, jobs.adminUploadImage, ({ user, params, request }) =>
      uploadJobImage(deps, user, params.id, () => receiveUpload(request)),
    );
  });
}
