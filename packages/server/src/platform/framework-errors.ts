import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { SecurityHeaders } from './security-headers';

/**
 * Failures Fastify answers before any route or error handler runs: a path that does not decode
 * (`FST_ERR_BAD_URL`, 400) and a path parameter longer than the router takes
 * (`FST_ERR_MAX_PARAM_LENGTH`, 414). They get the contract's error body like every other failure, and
 * the security headers, which no hook sets on them.
 */
export function frameworkErrors(headers: SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(headers);
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error, url: request.url }, 'request failed before routing');
      reply
        .status(500)
        .send({ errors: [{ code: 'internal', message: `Something went wrong (request ${request.id}).` }] });
      return;
    }
    reply
      .status(status)
      .send({ errors: [{ code: 'bad_request', message: 'The address of this request is not valid.' }] });
  };
}
