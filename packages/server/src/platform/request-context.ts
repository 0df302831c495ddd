import type { Locale } from '@plaza/contract';
import type { QueryScope } from '../db/query-scope';
import type { users } from '../db/schema';
import type { Metrics } from './metrics/report';

/**
 * The signed-in member as loaded with the session: every column but the password hash and the search
 * document, which no request needs and which made the lookup of every call read the largest columns.
 */
export type SessionUser = Omit<typeof users.$inferSelect, 'password_hash' | 'search_vector'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null for an anonymous visitor. */
    user: SessionUser | null;
    /** The SHA-256 id of the current session row, when signed in. */
    sessionId: string | null;
    /** The locale of this call: `locale` query, `x-locale` header, the member's choice, else de_DE. */
    locale: Locale;
    /** The database work of this call (`platform/query-scopes.ts`): load shedding and cancelling. */
    queryScope: QueryScope | null;
  }

  interface FastifyInstance {
    /** Where the app reports what it does (`platform/metrics`; reports nothing without `METRICS_TOKEN`). */
    metrics: Metrics;
  }
}
