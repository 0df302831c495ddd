import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { member, pageOf } from './request';

// Coming birthdays and work anniversaries (bench/http/occasions.ts) the cheap way: for each kind the
// rest of this year and then next year's first days of the listed members by the day of the year (Plaza's
// day indexes), merged here; no 29 February rule, no presentation.
const dayOf = (column: string) => `(extract(month from ${column}) * 100 + extract(day from ${column}))`;
const comingOf = (column: string, kind: string) =>
  `(select id, firstname, lastname, img_path, ${column} as origin, '${kind}' as type, 0 as later from users
    where ${column} is not null and agb_nda_accepted and deactivated_at is null and ${dayOf(column)} >= $1
    order by ${dayOf(column)}, lower(lastname), lower(firstname), id limit $2)
   union all
   (select id, firstname, lastname, img_path, ${column}, '${kind}', 1 from users
    where ${column} is not null and agb_nda_accepted and deactivated_at is null and ${dayOf(column)} < $1
    order by ${dayOf(column)}, lower(lastname), lower(firstname), id limit $2)`;
const occasionsText = `select * from (${comingOf('birthday', 'birthday')} union all ${comingOf('entry_date', 'anniversary')}) o
  order by later, extract(month from origin), extract(day from origin), lower(lastname), lower(firstname), id limit $2 offset $3`;

/** A group's member list and the coming birthdays and work anniversaries. */
export function registerPeopleRoutes(app: FastifyInstance, db: pg.Pool): void {
  // A group's member list (bench/http/groups.ts) the cheap way: the accepted members, admins first, then
  // by name, a page of them and their count, for a member of the group.
  app.get('/api/v2/groups/:id/users', async (request, reply) => {
    const viewer = member(request);
    const groupId = Number((request.params as { id: string }).id);
    const { page, perPage } = pageOf(request.query, 15);
    const [rows, count] = await Promise.all([
      db.query({
        name: 'group-members',
        text: `select u.id, u.img_path, u.firstname, u.lastname, m.role from group_memberships m join users u on u.id = m.user_id
             where m.group_id = $1 and m.status = 'accepted'
               and exists (select 1 from group_memberships v where v.group_id = $1 and v.user_id = $4 and v.status = 'accepted')
             order by m.role = 'admin' desc, lower(u.lastname), lower(u.firstname), u.id limit $2 offset $3`,
        values: [groupId, perPage, (page - 1) * perPage, viewer.id],
      }),
      db.query<{ n: number }>({
        name: 'group-members-count',
        text: `select count(*)::int as n from group_memberships where group_id = $1 and status = 'accepted'`,
        values: [groupId],
      }),
    ]);
    if (rows.rows.length === 0 && page === 1) return reply.status(403).send({ code: 'forbidden' });
    return { results: rows.rows, total: count.rows[0]!.n };
  });
  async function comingOccasions(request: FastifyRequest, limit: number, offset: number) {
    member(request);
    const now = new Date();
    const { rows } = await db.query({
      name: 'occasions',
      text: occasionsText,
      values: [(now.getMonth() + 1) * 100 + now.getDate(), offset + limit, offset],
    });
    return rows;
  }

  app.get('/api/v2/occasions/feed', async (request) => ({
    results: await comingOccasions(request, Number((request.query as { limit?: string }).limit ?? 6), 0),
  }));

  app.get('/api/v2/occasions', async (request) => {
    const { page, perPage } = pageOf(request.query, 12);
    const [results, count] = await Promise.all([
      comingOccasions(request, perPage, (page - 1) * perPage),
      db.query<{ n: number }>({
        name: 'occasions-count',
        text: `select (count(birthday) + count(entry_date))::int as n from users where agb_nda_accepted and deactivated_at is null`,
      }),
    ]);
    return { results, total: count.rows[0]!.n };
  });
}
