import { call, type SpecCall } from './call';

/** Spec 7 "Users and chat". */
export const peopleCalls: SpecCall[] = [
  call('GET users with page, order_by, query, filters', 'GET', 'users', {
    query: () =>
      'page=1&order_by=lastname&query=Test&filters[locations][]=Berlin&filters[locations][]=Hamburg',
  }),
  call('GET {resource}.filters: users', 'GET', 'users.filters'),
  call('GET users/{id}', 'GET', (f) => `users/${f.member}`),
  call('PUT users/{id}', 'PUT', (f) => `users/${f.member}`, {
    as: 'member',
    body: () => ({ position: 'Spec walker' }),
  }),
  call('GET users/search with locale and q', 'GET', 'users/search', { query: () => 'locale=de_DE&q=Test' }),
  call('GET users/{id}/edit_languages', 'GET', (f) => `users/${f.member}/edit_languages`, { as: 'member' }),
  call('avatar upload users/{id}/image', 'POST', (f) => `users/${f.member}/image`, {
    as: 'member',
    upload: 'png',
  }),
  call('PUT users/{id}/image/{imageId}', 'PUT', (f) => `users/${f.member}/image/${f.avatar}`, {
    as: 'member',
    body: () => ({ coordinates: { x: 0, y: 0, width: 32, height: 32 } }),
  }),
  call('GET users invoice_address', 'GET', (f) => `users/${f.member}/invoice_address`, { as: 'member' }),
  call('GET users delivery_address', 'GET', (f) => `users/${f.member}/delivery_address`, { as: 'member' }),
  call('GET users children', 'GET', (f) => `users/${f.member}/children`, { as: 'member' }),
  call('GET users custom_profile_fields/{id}', 'GET', (f) => `users/custom_profile_fields/${f.member}`, {
    as: 'member',
  }),
  call('GET users registration_fields', 'GET', 'users/registration_fields', { as: 'member' }),
  call('GET users follows', 'GET', 'users/follows', { as: 'member' }),
  call('GET users gender_options', 'GET', 'users/gender_options'),
  call('GET users status_options', 'GET', 'users/status_options'),
  call('GET users list_options', 'GET', 'users/list_options'),
  call('GET addresses/country_options', 'GET', 'addresses/country_options'),
  call('GET addresses/salutation_options', 'GET', 'addresses/salutation_options'),
  call('POST users/{id}/{addressType}', 'POST', (f) => `users/${f.member}/invoice_address`, {
    as: 'member',
    body: () => ({
      gender: null,
      firstname: 'Spec',
      lastname: 'Walker',
      address: 'Hauptstraße',
      house_number: '1',
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
    }),
  }),
  call('POST users/{id}/user_data', 'POST', (f) => `users/${f.member}/user_data`, {
    as: 'member',
    body: () => ({ selected_language: 'en_GB' }),
  }),
  call('POST users/{id}/children {children}', 'POST', (f) => `users/${f.member}/children`, {
    as: 'member',
    body: () => ({ children: [{ firstname: 'Kim', birthday: '04/05/2018', gender: null }] }),
  }),
  call('POST users/{id}/custom_profile_fields', 'POST', (f) => `users/${f.member}/custom_profile_fields`, {
    as: 'member',
    body: () => ({ fields: [] }),
  }),
  call('POST users/{id}/registration_fields', 'POST', (f) => `users/${f.member}/registration_fields`, {
    as: 'member',
    body: () => ({ registration_data: {} }),
  }),
  call('PUT users/{id}/follows {follows}', 'PUT', (f) => `users/${f.member}/follows`, {
    as: 'member',
    body: (f) => ({ follows: [f.admin] }),
  }),
  call('DELETE users/{id}/follows {follows}', 'DELETE', (f) => `users/${f.member}/follows`, {
    as: 'member',
    body: (f) => ({ follows: [f.admin] }),
  }),
  call('search users profile_fields', 'GET', 'users/profile_fields'),
  call('Suggestions: users based on suggestions {field_id, query}', 'GET', 'users/suggestions', {
    query: () => 'field_id=locations&query=Ber',
  }),
  call('a search suggestions call with {field_id, query}', 'GET', 'search/suggestions', {
    query: () => 'field_id=locations&query=Ber',
  }),
  call('GET messages/unread', 'GET', 'messages/unread', { as: 'member' }),
  call(
    'GET messages/new_channel_conversation with conversation {user_ids, name}',
    'GET',
    'messages/new_channel_conversation',
    {
      as: 'member',
      query: (f) =>
        `conversation[user_ids][]=${f.admin}&conversation[user_ids][]=${f.other}&conversation[name]=Spec`,
    },
  ),
  call(
    'GET messages/new_direct_message_conversation with user_ids',
    'GET',
    'messages/new_direct_message_conversation',
    {
      as: 'member',
      query: (f) => `user_ids[]=${f.admin}`,
    },
  ),
  call('POST messages/create {message {recipient, text}}', 'POST', 'messages/create', {
    as: 'member',
    body: (f) => ({ message: { recipient: f.conversation, text: 'Hello from the spec walk' } }),
  }),
  call('POST messages/create {message {text}, conversation {user_ids}}', 'POST', 'messages/create', {
    as: 'member',
    body: (f) => ({ message: { text: 'Hello again' }, conversation: { user_ids: [f.other] } }),
  }),
  call(
    'POST messages/create {message {recipient, attachment}} (type, name, content as a data URL)',
    'POST',
    'messages/create',
    {
      as: 'member',
      body: (f) => ({
        message: {
          recipient: f.conversation,
          attachment: {
            type: 'text/plain',
            name: 'note.txt',
            content: `data:text/plain;base64,${Buffer.from('A note').toString('base64')}`,
          },
        },
      }),
    },
  ),
  call('POST messages/mark_as_read', 'POST', 'messages/mark_as_read', {
    as: 'admin',
    body: (f) => ({ recipient: f.conversation }),
  }),
  call('GET messages/history with recipient', 'GET', 'messages/history', {
    as: 'member',
    query: (f) => `recipient=${f.conversation}`,
  }),
  call('GET messages/conversations', 'GET', 'messages/conversations', { as: 'member' }),
  call('GET messages/users with search', 'GET', 'messages/users', {
    as: 'member',
    query: () => 'search=Test',
  }),
];

/** Last of all: the member deletes his own account (after every call that needs him). */
export const accountRemoval = call('DELETE users/{id}', 'DELETE', (f) => `users/${f.other}`, { as: 'other' });
