import { call, type SpecCall } from './call';

/** Spec 7 "Groups" and "Topics", in an order that leaves each call something to act on. */
export const groupCalls: SpecCall[] = [
  call('GET groups with type', 'GET', 'groups', { query: () => 'type=all' }),
  call('GET groups/{id}', 'GET', (f) => `groups/${f.group}`),
  call('GET public_groups', 'GET', 'public_groups'),
  call('GET groups/invitations with type', 'GET', 'groups/invitations', {
    as: 'invitee',
    query: () => 'type=all',
  }),
  call('GET groups/applications', 'GET', 'groups/applications'),
  call('GET groups/{id}/users with page, per_page, type', 'GET', (f) => `groups/${f.group}/users`, {
    query: () => 'page=1&per_page=9&type=all',
  }),
  call(
    'POST groups/{id}/users with page, per_page, filter (user ids), type',
    'POST',
    (f) => `groups/${f.group}/users`,
    {
      body: (f) => ({ page: 1, per_page: 9, filter: [f.member, f.admin], type: 'all' }),
    },
  ),
  call('GET groups/{id}/users/search with search, type', 'GET', (f) => `groups/${f.group}/users/search`, {
    query: () => 'search=Test&type=all',
  }),
  call('POST groups/{id}/admins {users}', 'POST', (f) => `groups/${f.group}/admins`, {
    body: (f) => ({ users: [f.member] }),
  }),
  call('DELETE groups/{id}/admins/{userId}', 'DELETE', (f) => `groups/${f.group}/admins/${f.member}`),
  call('POST groups/{id}/invitations {users}', 'POST', (f) => `groups/${f.group}/invitations`, {
    body: (f) => ({ users: [f.other] }),
  }),
  call('POST groups/{id}/invitations_resend {users}', 'POST', (f) => `groups/${f.group}/invitations_resend`, {
    body: (f) => ({ users: [f.other] }),
  }),
  call(
    'POST groups/{id}/invitation_resend/{userId}',
    'POST',
    (f) => `groups/${f.group}/invitation_resend/${f.other}`,
  ),
  call(
    'DELETE groups/{id}/invitations/{userId}',
    'DELETE',
    (f) => `groups/${f.group}/invitations/${f.other}`,
  ),
  call(
    'DELETE groups/{id}/invitations_decline/{userId}',
    'DELETE',
    (f) => `groups/${f.group}/invitations_decline/${f.other}`,
  ),
  call('PUT groups/invitations/{id}', 'PUT', (f) => `groups/invitations/${f.invitation}`, { as: 'invitee' }),
  call('DELETE groups/invitations/{id}', 'DELETE', (f) => `groups/invitations/${f.invitation}`, {
    as: 'invitee',
  }),
  call('PUT groups/applications/{id}', 'PUT', (f) => `groups/applications/${f.application}`),
  call('DELETE groups/applications/{id}', 'DELETE', (f) => `groups/applications/${f.application}`),
  call('POST groups/{id}/join', 'POST', (f) => `groups/${f.group}/join`, { as: 'other' }),
  call('POST groups/{id}/request_approval', 'POST', (f) => `groups/${f.closed}/request_approval`, {
    as: 'member',
  }),
  call('DELETE groups/members/{id}', 'DELETE', (f) => `groups/members/${f.group}`, { as: 'other' }),
  call('DELETE groups/{id}/users/{userId}', 'DELETE', (f) => `groups/${f.group}/users/${f.invitee}`),
  call('upload endpoint groups/image', 'POST', 'groups/image', { upload: 'png' }),
  call('PUT groups/image with coordinates, payload {coordinates, id}', 'PUT', 'groups/image', {
    body: (f) => ({ id: f.upload, coordinates: { x: 0, y: 0, width: 1, height: 1 } }),
  }),
  call('PUT groups/image/{id} with crop data', 'PUT', (f) => `groups/image/${f.group}`, {
    body: () => ({ coordinates: { x: 0, y: 0, width: 1, height: 1 } }),
  }),
  call('POST groups {name, description, users, img_id, type}', 'POST', 'groups', {
    body: (f) => ({
      name: 'Spec group',
      description: 'Made by the spec walk',
      users: [f.member],
      img_id: null,
      type: 'open',
    }),
  }),
  call('PUT groups/{id} {description, img_id, and name}', 'PUT', (f) => `groups/${f.group}`, {
    body: () => ({ description: 'Changed by the spec walk', img_id: null, name: 'Spec walk group' }),
  }),
  call('DELETE groups/{id}', 'DELETE', (f) => `groups/${f.doomed}`),
  call('GET topics/{id}', 'GET', (f) => `topics/${f.topic}`),
  call('GET topics/suggestions', 'GET', 'topics/suggestions'),
  call('GET topics/{id}/users', 'GET', (f) => `topics/${f.topic}/users`),
  call('POST topics/suggestions {name, description, group_id}', 'POST', 'topics/suggestions', {
    as: 'member',
    body: (f) => ({ name: 'Spec suggestion', description: 'Suggested by the spec walk', group_id: f.group }),
  }),
  call('PUT topics/suggestions/{id}', 'PUT', (f) => `topics/suggestions/${f.suggestion}`),
  call('DELETE topics/suggestions/{id}', 'DELETE', (f) => `topics/suggestions/${f.suggestion}`),
  call('POST topics', 'POST', 'topics', {
    body: (f) => ({ group_id: f.group, title: 'Spec topic', description: 'Made by the spec walk' }),
  }),
  call('PUT topics/{id} {group_id, title, description}', 'PUT', (f) => `topics/${f.topic}`, {
    body: (f) => ({ group_id: f.group, title: 'Spec topic, edited', description: 'Edited by the spec walk' }),
  }),
];

/** Deleted last: the topic the other calls use. */
export const topicRemoval = call('DELETE topics/{id}', 'DELETE', (f) => `topics/${f.topic}`);
