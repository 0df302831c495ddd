import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { listAudit } from './list';

/** The audit log for superadmins. */
export async function auditModule(app: FastifyInstance, { database }: AppDeps): Promise<void> {
  route(app, endpoints.admin.audit, ({ user, query }) => listAudit(database.db, user, query));
}
