import type { User } from '@plaza/contract';

/**
 * A member as the directory API lists them (the contract's `User`), for fetch stubs; `extra` adds or
 * replaces fields.
 */
export function directoryUser(
  id: number,
  firstname: string,
  lastname: string,
  extra: Partial<User> = {},
): User {
  return {
    id,
    user_id: id,
    username: firstname.toLowerCase(),
    firstname,
    lastname,
    special_state: [],
    img_path: null,
    image: null,
    profile_url: `/who_is_who/${id}`,
    is_birth_year_visible: true,
    occasions: [],
    permissions: [],
    agb_nda_accepted: true,
    online: false,
    latest_activity: null,
    ...extra,
  };
}
