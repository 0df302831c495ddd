import type { z } from 'zod';
import type { UserPermission } from './entities';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who is allowed, besides the holders of the rule's permission: `public` anyone, signed in or not;
 * `member` every signed-in member; `owner` the member the object belongs to (their post, comment,
 * cart line, order, subscription, push subscription, account...); `groupMember` and `groupAdmin` the
 * accepted members and the admins of the group the object is in.
 */
export type AccessActor = 'public' | 'member' | 'owner' | 'groupMember' | 'groupAdmin';

/** What an endpoint's path parameters name, so the authorization matrix can fill them with real ones. */
export type AccessObject =
  | 'account'
  | 'accountImage'
  | 'application'
  | 'article'
  | 'brandingKind'
  | 'brandingImage'
  | 'cartLine'
  | 'chatAttachment'
  | 'comment'
  | 'conversation'
  | 'dataExport'
  | 'displayKey'
  | 'document'
  | 'documentVersion'
  | 'file'
  | 'gift'
  | 'group'
  | 'groupFile'
  | 'groupMembership'
  | 'invitation'
  | 'job'
  | 'locale'
  | 'order'
  | 'page'
  | 'pageFile'
  | 'pagePreview'
  | 'post'
  | 'postFile'
  | 'product'
  | 'pushSubscription'
  | 'ratingCategory'
  | 'ratingLocation'
  | 'registrationTopic'
  | 'settingToggle'
  | 'subscriberNumber'
  | 'subscription'
  | 'subscriptionInvoice'
  | 'subscriptionItem'
  | 'subscriptionOption'
  | 'suggestion'
  | 'topic'
  | 'topicFile'
  | 'tvImage';

/**
 * The expected answer per actor, written once per endpoint: who is allowed (`allow`), which site
 * permission allows it too (a superadmin always holds it), and what the path names. Everyone else is
 * refused: 401 when signed out, otherwise 403 or 404, and for an object they cannot see the same answer
 * as for one that does not exist. `seenBy` names who may know the object exists although refused (a
 * member of its group, every member for a profile, a permission that lists them): their refusal may
 * say forbidden instead of not found.
 */
export interface AccessRule {
  allow: readonly AccessActor[];
  permission?: UserPermission;
  object?: AccessObject;
  seenBy?: readonly (AccessActor | UserPermission)[];
}

/**
 * Who may call an endpoint: `public` anyone, `user` every signed-in member, or a rule. The server
 * refuses a signed-out caller of a non-public endpoint before the handler runs; the handler's policy
 * decides the rest, and the authorization matrix test checks both against this description.
 */
export type EndpointAccess = 'public' | 'user' | AccessRule;

/** Whether a signed-out caller may call the endpoint at all. */
export function isPublicAccess(access: EndpointAccess): boolean {
  return access === 'public' || (typeof access === 'object' && access.allow.includes('public'));
}

/** One API call, described once: the server registers it, the web client is typed from it. */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends EndpointAccess = EndpointAccess,
> {
  method: HttpMethod;
  /** Fastify-style path with `:param` placeholders, e.g. `/api/v2/groups/:id`. */
  path: string;
  summary: string;
  tags: string[];
  access: A;
  /** A signed-in member who has not accepted the terms yet may call it (the terms acceptance itself). */
  allowWithoutAgb?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the 2xx response body. */
  response: R;
  /** Status of a successful answer (default 200). */
  status?: number;
  /** Largest request body in bytes, when the app's default is too small (a chat attachment). */
  bodyLimit?: number;
}

/** Declares an endpoint while keeping its literal schema types. */
export function defineEndpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
  A extends EndpointAccess = EndpointAccess,
>(endpoint: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return endpoint;
}

/** Types of an endpoint's parts, for handlers and clients. */
export type EndpointParams<E> =
  E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.infer<P> : never;
export type EndpointQuery<E> =
  E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type EndpointBody<E> =
  E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type EndpointResponse<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:param` placeholders of a path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
