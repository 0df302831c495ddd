import { type Endpoint, type EndpointResponse, isPublicAccess } from '@plaza/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, unauthenticated } from './errors';
import type { SessionUser } from './request-context';

type Infer<T> = T extends z.ZodType ? z.output<T> : never;

/** What a handler receives: the parsed parts of the call, typed from the contract. */
export interface HandlerInput<E extends Endpoint, U> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  user: U;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Signed out only on a public endpoint (or a rule that allows `public`). */
type UserOf<E extends Endpoint> = E['access'] extends 'public'
  ? SessionUser | null
  : E['access'] extends { allow: readonly (infer Actor)[] }
    ? 'public' extends Actor
      ? SessionUser | null
      : SessionUser
    : SessionUser;

/** Registers a contract endpoint: input validated and output serialized through its zod schemas. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: HandlerInput<E, UserOf<E>>) => Promise<EndpointResponse<E>> | EndpointResponse<E>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [endpoint.status ?? 200]: endpoint.response },
    },
    async handler(request, reply) {
      if (!isPublicAccess(endpoint.access)) {
        if (!request.user) throw unauthenticated();
        // Until a member accepts the terms, only the acceptance (and public calls) are open to them.
        if (!request.user.agb_nda_accepted && !endpoint.allowWithoutAgb) {
          throw new AppError(403, 'agb_not_accepted', 'Please accept the terms of use first.');
        }
      }
      const result = await handler({
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        user: request.user as UserOf<E>,
        request,
        reply,
      });
      if (reply.sent) return reply;
      reply.status(endpoint.status ?? 200);
      return result;
    },
  });
}
