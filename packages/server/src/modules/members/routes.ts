import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { auditOrigin } from '../audit';
import {
  deactivateMember,
  inviteMember,
  listMembers,
  mailMemberPasswordLink,
  reactivateMember,
  setPermissionsOf,
} from './service';

/** The member administration: accounts, invitations, deactivation and reset links. */
export async function membersModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { members } = endpoints;
  route(app, members.list, ({ user, query }) => listMembers(deps, user, query));
  route(app, members.invite, ({ user, body, request }) =>
    inviteMember(deps, user, body, auditOrigin(request)),
  );
  route(app, members.deactivate, ({ user, params, request }) =>
    deactivateMember(deps, user, params.id, auditOrigin(request)),
  );
  route(app, members.reactivate, ({ user, params, request }) =>
    reactivateMember(deps, user, params.id, auditOrigin(request)),
  );
  route(app, members.setPermissions, ({ user, params, body, request }) =>
    setPermissionsOf(deps, user, params.id, body.permissions, auditOrigin(request)),
  );
  route(app, members.resetPassword, ({ user, params }) => mailMemberPasswordLink(deps, user, params.id));
}
