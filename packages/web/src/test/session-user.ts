import type { User } from '@plaza/contract';

/** The signed-in member of a test session (the contract's `User`); `patch` adds or replaces fields. */
export function sessionUser(id: number, patch: Partial<User> = {}): User {
  return {
    id,
    user_id: id,
    username: `member${id}`,
    email: `member${id}@example.com`,
    firstname: 'Viewer',
    lastname: `Number ${id}`,
    title: null,
    position: null,
    location_names: [],
    special_tasks: [],
    special_state: [],
    img_path: null,
    image: null,
    profile_url: `/who_is_who/${id}`,
    birthday: null,
    is_birth_year_visible: true,
    occasions: [],
    permissions: [],
    agb_nda_accepted: true,
    online: true,
    latest_activity: null,
    ...patch,
  };
}
