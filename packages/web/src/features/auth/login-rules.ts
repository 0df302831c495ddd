import { validationMessageKeys as keys } from '@plaza/contract/errors';

/** The sign-in form's values. */
export interface LoginForm {
  identifier: string;
  password: string;
  nda: boolean;
}

/**
 * The sign-in form's rules, as react-hook-form's own `validate` rules: three checks do not need zod, which
 * would add ~15 KB to the sign-in route's first load. Messages are translation keys. The terms box is
 * required only while it is shown.
 */
export function loginRules(ndaShown: boolean) {
  return {
    identifier: { validate: (value: string) => value.trim() !== '' || keys.requiredFields },
    password: { validate: (value: string) => value !== '' || keys.requiredFields },
    nda: { validate: (value: boolean) => !ndaShown || value === true || keys.agb },
  };
}
