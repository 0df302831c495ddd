import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { answerApplication, listApplications } from './applications';
import type { GroupDeps } from './deps';
import { groupFilesRoutes } from './files';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  listPublicGroups,
  updateGroup,
} from './groups-service';
import {
  answerInvitation,
  inviteMembers,
  listInvitations,
  removeInvitation,
  resendInvitations,
} from './invitations';
import {
  addAdmins,
  joinGroup,
  leaveGroup,
  listMembers,
  removeAdmin,
  removeMember,
  requestApproval,
} from './memberships';

/** Groups, memberships, invitations, applications, and the group and topic files (stored by the uploads module). */
export async function groupsModule(app: FastifyInstance, { database, bus, storage }: AppDeps): Promise<void> {
  const { db } = database;
  const deps: GroupDeps = { db, bus, storage };
  const api = endpoints.groups;
  await groupFilesRoutes(app, deps);

  route(app, api.list, ({ user, query }) => listGroups(db, user, query));
  route(app, api.publicGroups, ({ user, query }) => listPublicGroups(db, user, query));
  route(app, api.get, ({ user, params }) => getGroup(db, user, params.id));
  route(app, api.create, ({ user, body }) => createGroup(deps, user, body));
  route(app, api.update, ({ user, params, body }) => updateGroup(deps, user, params.id, body));
  route(app, api.remove, ({ user, params }) => deleteGroup(deps, user, params.id));

  route(app, api.join, ({ user, params }) => joinGroup(db, user, params.id));
  route(app, api.requestApproval, ({ user, params }) => requestApproval(deps, user, params.id));
  route(app, api.leave, ({ user, params }) => leaveGroup(deps, user, params.id));

  route(app, api.users, ({ user, params, query }) => listMembers(db, user, params.id, query));
  route(app, api.usersFiltered, ({ user, params, body }) => listMembers(db, user, params.id, body));
  route(app, api.usersSearch, ({ user, params, query }) => listMembers(db, user, params.id, query));
  route(app, api.addAdmins, ({ user, params, body }) => addAdmins(db, user, params.id, body.users));
  route(app, api.removeAdmin, ({ user, params }) => removeAdmin(db, user, params.id, params.userId));
  route(app, api.removeUser, ({ user, params }) => removeMember(deps, user, params.id, params.userId));

  route(app, api.invite, ({ user, params, body }) => inviteMembers(deps, user, params.id, body.users));
  route(app, api.resendInvitations, ({ user, params, body }) =>
    resendInvitations(deps, user, params.id, body.users),
  );
  route(app, api.resendInvitation, ({ user, params }) =>
    resendInvitations(deps, user, params.id, [params.userId]),
  );
  route(app, api.withdrawInvitation, ({ user, params }) =>
    removeInvitation(db, user, params.id, params.userId, 'pending'),
  );
  route(app, api.forgetDeclinedInvitation, ({ user, params }) =>
    removeInvitation(db, user, params.id, params.userId, 'declined'),
  );
  route(app, api.invitations, ({ user, query }) => listInvitations(db, user, query.type));
  route(app, api.acceptInvitation, ({ user, params }) => answerInvitation(db, user, params.id, true));
  route(app, api.declineInvitation, ({ user, params }) => answerInvitation(db, user, params.id, false));

  route(app, api.applications, ({ user }) => listApplications(db, user));
  route(app, api.acceptApplication, ({ user, params }) => answerApplication(deps, user, params.id, true));
  route(app, api.declineApplication, ({ user, params }) => answerApplication(deps, user, params.id, false));
}
