import type { FastifyRequest } from 'fastify';

/** The signed-in member, read from Plaza's session cookie by the server's `onRequest` hook. */
export interface Member {
  id: number;
  firstname: string;
  lastname: string;
  permissions: string[];
  selected_language: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: Member | null;
  }
}

/** The member of a request that must be signed in; a 401 without one. */
export function member(request: FastifyRequest): Member {
  if (!request.member) throw Object.assign(new Error('not signed in'), { statusCode: 401 });
  return request.member;
}

/** The page and page size of a list's query, as Plaza reads them (at most 100 a page). */
export const pageOf = (query: unknown, perPage: number) => {
  const q = query as { page?: string; per_page?: string };
  return { page: Math.max(1, Number(q.page ?? 1)), perPage: Math.min(100, Number(q.per_page ?? perPage)) };
};
