import type { Profile } from '@plaza/contract';

/** A profile as the server sends it to the member themself (full variant, editable). */
export function ownProfile(patch: Partial<Profile> = {}): Profile {
  return {
    id: 42,
    user_id: 42,
    firstname: 'Paula',
    lastname: 'Profil',
    combined_name: 'Paula Profil',
    img_path: null,
    image_id: null,
    username: 'paula.profile',
    email: 'paula@example.com',
    title: 'Dr.',
    gender: 'female',
    position: 'Head of Research',
    birthday: '1990-05-17',
    is_birth_year_visible: false,
    locations: ['Hamburg', 'Berlin'],
    areas: ['Research'],
    skills: ['Python', 'Statistics'],
    languages: ['German', 'English'],
    careers: [{ title: 'Analyst', company: 'Acme', from: '2015-03', to: '2019-08' }],
    special_tasks: ['First aider'],
    status: 'employee',
    status_label: 'Employee',
    newsletter_subscriptions: [],
    selected_language: 'en_GB',
    custom_fields: [
      {
        id: 5,
        key: 'hobby',
        type: 'text',
        label: 'Hobby',
        options: [],
        values: ['Sailing'],
        value_labels: ['Sailing'],
      },
      {
        id: 6,
        key: 'team',
        type: 'select',
        label: 'Team',
        options: [
          { value: 'red', label: 'Red team' },
          { value: 'blue', label: 'Blue team' },
        ],
        values: ['red'],
        value_labels: ['Red team'],
      },
    ],
    followed: false,
    followers_count: 0,
    following_count: 0,
    online: true,
    latest_activity: null,
    admin_url: null,
    variant: 'full',
    section_variant: 'default',
    editable: true,
    deletable: true,
    deletion_blocked: null,
    can_message: false,
    ...patch,
  };
}

/**
 * The same member as another member sees them (guest variant): no private keys, the fields the
 * settings switch off left out, and the hidden birth year sent as `--MM-DD`.
 */
export function guestProfile(patch: Partial<Profile> = {}): Profile {
  const {
    email: _email,
    username: _username,
    image_id: _imageId,
    newsletter_subscriptions: _newsletters,
    selected_language: _language,
    ...rest
  } = ownProfile();
  return {
    ...rest,
    birthday: '--05-17',
    variant: 'guest',
    editable: false,
    deletable: false,
    can_message: true,
    ...patch,
  };
}
