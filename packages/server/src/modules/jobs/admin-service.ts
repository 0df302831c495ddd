import {
  type AdminJob,
  type AdminJobListItem,
  type JobData,
  type JobState,
  jobLimits,
} from '@plaza/contract';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { type AuditOrigin, auditedChange, changedFields } from '../audit';
import { type ReceivedUpload, removeImage, type UploadDeps, uploadImage } from '../uploads';
import { jobPolicy } from './policy';
import { presentAdminJob, presentAdminListItem } from './presenter';
import { type JobWithPlace, jobsRepo, type NewJobRow } from './repo';

function requireManager(user: SessionUser): void {
  if (!jobPolicy.can(user, 'manage'))
    throw forbidden('Only a superadmin or the jobs permission may manage jobs.');
}

async function jobToManage(db: Db, user: SessionUser, id: number): Promise<JobWithPlace> {
  requireManager(user);
  const row = await jobsRepo.byId(db, id);
  if (!row) throw notFound('The job');
  return row;
}

/** Who changed a job, from where. */
type By = { user: SessionUser; origin: AuditOrigin };

/** Changes a job and records it in one transaction (`job.<verb>`). */
function auditJob<T>(
  db: Db,
  by: By,
  verb: string,
  id: number | null,
  change: (tx: Db) => Promise<T>,
  describe: (result: T) => { before?: unknown; after?: unknown },
): Promise<T> {
  return auditedChange(db, change, (result) => ({
    actor: by.user,
    origin: by.origin,
    action: `job.${verb}`,
    resource_type: 'job',
    resource_id: id ?? (result as number),
    ...describe(result),
  }));
}

async function answer(db: Db, id: number): Promise<AdminJob> {
  const row = await jobsRepo.byId(db, id);
  if (!row) throw notFound('The job');
  return presentAdminJob(row);
}

/** The fields to store; the location must exist. */
async function fieldsToStore(db: Db, input: JobData): Promise<Omit<NewJobRow, 'author_id'>> {
  if (input.location_id !== null && !(await jobsRepo.locationExists(db, input.location_id))) {
    throw badRequest('The location does not exist.', 'location_id');
  }
  return input;
}

/** The administration's list of jobs of every state, newest first. */
export async function listAdminJobs(
  db: Db,
  user: SessionUser,
  query: { before?: number; state?: JobState },
): Promise<{ results: AdminJobListItem[]; next_before: number | null }> {
  requireManager(user);
  const limit = jobLimits.adminListPageSize;
  const rows = await jobsRepo.adminList(db, { ...query, limit: limit + 1 });
  const shown = rows.slice(0, limit);
  return {
    results: shown.map(presentAdminListItem),
    next_before: rows.length > limit ? shown[shown.length - 1]!.id : null,
  };
}

/** The locations a job may name. */
export async function jobLocations(db: Db, user: SessionUser) {
  requireManager(user);
  return { results: await jobsRepo.locations(db) };
}

/** A new job, as a draft. */
export async function createJob(
  db: Db,
  user: SessionUser,
  input: JobData,
  origin: AuditOrigin,
): Promise<AdminJob> {
  requireManager(user);
  const fields = await fieldsToStore(db, input);
  const id = await auditJob(
    db,
    { user, origin },
    'create',
    null,
    (tx) => jobsRepo.insert(tx, { ...fields, author_id: user.id }),
    () => ({ after: { ...input, state: 'draft' } }),
  );
  return answer(db, id);
}

export async function readAdminJob(db: Db, user: SessionUser, id: number): Promise<AdminJob> {
  return presentAdminJob(await jobToManage(db, user, id));
}

/** Saves a job's fields; an open job changes for members at once. */
export async function saveJob(
  db: Db,
  user: SessionUser,
  id: number,
  input: JobData,
  origin: AuditOrigin,
): Promise<AdminJob> {
  const row = await jobToManage(db, user, id);
  const fields = await fieldsToStore(db, input);
  await auditJob(
    db,
    { user, origin },
    'update',
    id,
    async (tx) => {
      if (!(await jobsRepo.update(tx, id, fields))) throw notFound('The job');
    },
    () => changedFields(row, input),
  );
  return answer(db, id);
}

const notInState = (message: string) => new AppError(409, 'conflict', message);

/** Opens a draft or closed job to members; the first opening dates it. */
export async function publishJob(
  db: Db,
  user: SessionUser,
  id: number,
  now: Date,
  origin: AuditOrigin,
): Promise<AdminJob> {
  const row = await jobToManage(db, user, id);
  await auditJob(
    db,
    { user, origin },
    'publish',
    id,
    async (tx) => {
      const values = { state: 'open' as const, published_at: row.published_at ?? now, closed_at: null };
      if (!(await jobsRepo.update(tx, id, values, ['draft', 'closed']))) {
        throw notInState('The job is open already.');
      }
    },
    () => ({ before: { state: row.state }, after: { state: 'open' } }),
  );
  return answer(db, id);
}

/** Closes an open job: members no longer see it. */
export async function closeJob(
  db: Db,
  user: SessionUser,
  id: number,
  now: Date,
  origin: AuditOrigin,
): Promise<AdminJob> {
  const row = await jobToManage(db, user, id);
  await auditJob(
    db,
    { user, origin },
    'close',
    id,
    async (tx) => {
      if (!(await jobsRepo.update(tx, id, { state: 'closed', closed_at: now }, ['open']))) {
        throw notInState('Only an open job can be closed.');
      }
    },
    () => ({ before: { state: row.state }, after: { state: 'closed' } }),
  );
  return answer(db, id);
}

/** Deletes a job and its image. */
export async function deleteJob(
  deps: UploadDeps,
  user: SessionUser,
  id: number,
  origin: AuditOrigin,
): Promise<{ success: true }> {
  const row = await jobToManage(deps.db, user, id);
  const removed = await auditJob(
    deps.db,
    { user, origin },
    'delete',
    id,
    async (tx) => {
      const deleted = await jobsRepo.remove(tx, id);
      if (!deleted) throw notFound('The job');
      return deleted;
    },
    () => ({ before: { title: row.title, state: row.state } }),
  );
  if (removed.image_id !== null) await removeImage(deps, removed.image_id);
  return { success: true };
}

/** Sets the job's image: checked by content, re-encoded as a square; the previous image goes. */
export async function uploadJobImage(
  deps: UploadDeps,
  user: SessionUser,
  id: number,
  receive: () => Promise<ReceivedUpload>,
): Promise<AdminJob> {
  const row = await jobToManage(deps.db, user, id);
  const image = await uploadImage(deps, user, await receive(), jobLimits.imageSide);
  if (!(await jobsRepo.update(deps.db, id, { image_id: image.id }))) {
    await removeImage(deps, image.id);
    throw notFound('The job');
  }
  if (row.image_id !== null) await removeImage(deps, row.image_id);
  return answer(deps.db, id);
}

/** Removes the job's image. */
export async function removeJobImage(deps: UploadDeps, user: SessionUser, id: number): Promise<AdminJob> {
  const row = await jobToManage(deps.db, user, id);
  if (row.image_id !== null) {
    await jobsRepo.update(deps.db, id, { image_id: null });
    await removeImage(deps, row.image_id);
  }
  return answer(deps.db, id);
}

/** Stores a job without a manager at hand (the demo content and the bench), in the given state. */
export async function createJobAs(
  db: Db,
  input: JobData & { state: JobState; published_at?: Date | null; image_id?: number | null },
): Promise<number> {
  const { state, published_at, image_id, ...fields } = input;
  return jobsRepo.insert(db, {
    ...(await fieldsToStore(db, fields)),
    state,
    published_at: published_at ?? (state === 'draft' ? null : new Date()),
    image_id: image_id ?? null,
    author_id: null,
  });
}

/** The id of a location by its name (the demo content), or undefined. */
export function locationIdByName(db: Db, name: string): Promise<number | undefined> {
  return jobsRepo.locationIdByName(db, name);
}
