import { z } from 'zod';
import { limits } from './constants';
import { defineEndpoint } from './endpoint';
import { emailSchema, idSchema, passwordSchema, userSchema } from './entities';
import { navigationItemSchema, settingsMenuItemSchema } from './menu';
import { localeSchema, settingsSchema, socialLoginTypes } from './settings';
import { text } from './text';

export const signupConfigSchema = z.object({
  type: z.enum(['variant', 'default']),
  social: z.array(z.object({ type: z.enum(socialLoginTypes), url: z.string() })),
  /** The customer's own OpenID provider, when one is enabled: its button's address and text per language. */
  oidc: z.object({ url: z.string(), label: z.partialRecord(localeSchema, z.string()) }).nullable(),
  /** Members may sign in with a password; off, the page offers it to administrators only. */
  local_passwords: z.boolean(),
});

/** What the client holds about the signed-in member (spec 3 "Auth session"). */
export const authSessionSchema = z.object({
  status: z.enum(['authenticated', 'agb_pending', 'anonymous']),
  user: userSchema.nullable(),
  selected_language: localeSchema,
  location: z.string().nullable(),
  allow_posts_without_grp_and_topic: z.boolean(),
  agb_nda_accepted: z.boolean(),
  message: z.string().nullable(),
  settings: settingsSchema,
  signup_config: signupConfigSchema,
  routes: z.array(navigationItemSchema),
  settingsRoutes: z.array(settingsMenuItemSchema),
  /** The administration the member may open (members, pages, TV displays); empty for everyone else. */
  administrationRoutes: z.array(settingsMenuItemSchema),
  auth_redirect: z.string().nullable(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

/** The sign-in form; the client sends the identifier as `username` or `email` per `login_identifier`. */
export const loginInput = z
  .object({
    username: text().trim().min(1).max(limits.loginIdentifierMaxLength).optional(),
    email: text().trim().min(1).max(limits.loginIdentifierMaxLength).optional(),
    password: text().min(1).max(limits.loginPasswordMaxLength),
  })
  .refine((value) => Boolean(value.username ?? value.email), {
    message: 'username or email is required',
    path: ['username'],
  });
export type LoginInput = z.infer<typeof loginInput>;

export const loginResponse = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })),
  agb_nda_accepted: z.boolean(),
  status: z.literal('ok'),
  user: userSchema,
  selected_language: localeSchema,
  location: z.string().nullable(),
  allow_posts_without_grp_and_topic: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const isAuthenticatedResponse = z.object({
  isAuthenticated: z.boolean(),
  /** Where an anonymous visitor is sent to sign in (the login route). */
  redirect: z.string().nullable(),
  session: authSessionSchema,
});

export const forgotPasswordInput = z.object({ email: emailSchema });
export const messageResponse = z.object({ message: z.string() });

/** Reset by mailed link, or change by the signed-in member with the current password. */
export const resetPasswordInput = z.union([
  z.object({
    user_id: idSchema,
    hash: text().min(16).max(256),
    new_password: passwordSchema,
    new_password_confirm: text(),
  }),
  z.object({
    current_password: text().min(1).max(limits.loginPasswordMaxLength),
    new_password: passwordSchema,
    new_password_confirm: text(),
  }),
]);
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const acceptNdaAgbInput = z.object({ user_id: idSchema });

export const authEndpoints = {
  isAuthenticated: defineEndpoint({
    method: 'GET',
    path: '/api/v2/auth/is_authenticated',
    summary: 'The current session: signed in or not, with settings and menus',
    tags: ['auth'],
    access: 'public',
    response: isAuthenticatedResponse,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/v2/auth/login',
    summary: 'Sign in by username or email and password',
    tags: ['auth'],
    access: 'public',
    body: loginInput,
    response: loginResponse,
  }),
  logout: defineEndpoint({
    method: 'GET',
    path: '/api/v2/auth/logout',
    summary: 'End the session',
    tags: ['auth'],
    access: 'public',
    response: messageResponse,
  }),
  acceptNdaAgb: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/auth/accept_nda_agb',
    summary: 'Record that the signed-in member accepted the terms and NDA',
    tags: ['auth'],
    access: 'user',
    allowWithoutAgb: true,
    body: acceptNdaAgbInput,
    response: z.object({ agb_nda_accepted: z.literal(true) }),
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/api/v2/auth/forgot_password',
    summary: 'Mail a password reset link (the answer never tells whether the address exists)',
    tags: ['auth'],
    access: 'public',
    body: forgotPasswordInput,
    response: messageResponse,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/v2/auth/reset_password',
    summary: 'Set a new password by reset link, or change it with the current one',
    tags: ['auth'],
    access: 'public',
    body: resetPasswordInput,
    response: messageResponse,
  }),
};
