import { type Area, textArray } from './context';
import { memberCount } from './people';

/** Audit entries at scale 1: a year of a large community's administration and sign-in bursts. */
export const auditAtScale1 = 500_000;

/** The administrators who made the changes: the first members (the actor filter's scenario asks for 1). */
export const auditActors = 20;

/** What the entries are about: `[resource_type, verbs]`, drawn evenly by resource, then by verb. */
const kinds: [string, string[]][] = [
  ['page', ['create', 'update', 'publish', 'unpublish', 'delete']],
  ['member', ['create', 'update', 'deactivate', 'reactivate', 'permissions', 'delete']],
  ['job', ['create', 'update', 'publish', 'close', 'delete']],
  ['rating', ['location_create', 'location_update', 'category_update']],
  ['product', ['create', 'update', 'image', 'delete']],
  ['order', ['paid', 'cancelled', 'refunded']],
  ['subscription_option', ['create', 'update']],
  ['gift', ['create', 'update', 'delete']],
  ['registration_topic', ['create', 'update']],
  ['display_key', ['create', 'revoke']],
  ['settings', ['update']],
  ['sign_in', ['burst']],
];

/**
 * Audit entries, one about every minute over the last year, oldest first (ids follow time as the
 * server writes them): each by one of the first members (none for sign-in bursts), with a small
 * before and after and an address.
 */
export const audit: Area = {
  name: 'audit',
  async fill(ctx) {
    const { below } = ctx.random;
    const count = ctx.count(auditAtScale1, 200);
    const actors = Math.min(auditActors, memberCount(ctx));
    const types = textArray(kinds.map(([type]) => type));
    // Each kind's verbs as `type.verb`, padded to one width so a 2-D array holds them.
    const width = Math.max(...kinds.map(([, verbs]) => verbs.length));
    const actions = `array[${kinds
      .map(([type, verbs]) =>
        textArray(Array.from({ length: width }, (_, i) => `${type}.${verbs[i % verbs.length]}`)),
      )
      .join(', ')}]`;
    await ctx.table(
      'audit_events',
      `insert into audit_events (id, at, actor_id, actor_name, action, resource_type, resource_id, before, after, ip, user_agent)
         overriding system value
       select n, ${ctx.now} - ((${count} - n) * interval '1 year' / ${count}),
         case when k = ${kinds.length} then null else a end,
         case when k = ${kinds.length} then null else 'Admin ' || a end,
         (${actions})[k][1 + ${below('n', 'audit.verb', width)}], (${types})[k],
         (1 + ${below('n', 'audit.resource', 5000)})::text,
         jsonb_build_object('state', 'before'), jsonb_build_object('state', 'after'),
         '10.0.' || ${below('n', 'audit.ip3', 256)} || '.' || ${below('n', 'audit.ip4', 256)}, 'Mozilla/5.0 (bench)'
       from (
         select n, 1 + ${below('n', 'audit.kind', kinds.length)} as k, 1 + ${below('n', 'audit.actor', actors)} as a
         from generate_series(1, ${count}) n
       ) e`,
    );
  },
};
