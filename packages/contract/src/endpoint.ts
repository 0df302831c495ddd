import type { z } from 'zod';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint; the server enforces it before the handler runs. */
export type EndpointAccess = 'public' | 'user';

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
