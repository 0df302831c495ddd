import { createHash } from 'node:crypto';
import { cookies } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { executeRows } from '../../src/db/execute-rows';
import {
  appSettings,
  comments,
  likes,
  locations,
  posts,
  profileFields,
  rateLimits,
  topics,
} from '../../src/db/schema';
import { recordActivity } from '../../src/modules/activities/service';
import { forgetSettingsDocuments } from '../../src/modules/settings';
import { setSettingByPath } from '../../src/modules/settings/service';
import type { TestApp } from '../app';
import { TestClient } from '../client';
import { buildAdmin, buildGroup, buildUser, testPassword } from '../factories';
import { uploadFiles } from '../multipart';
import { buildArticle, buildCategory } from '../post-helpers';
import { bystanderId } from './mutations';

/*
 * The fixture world the hostile requests run in: members, groups in every state, a topic and a
 * suggestion, posts, a comment, a like, an article, an activity, a custom field, uploaded files and
 * images, a TV key, an open job. Its ids feed the generated path parameters and ids, so requests
 * reach real rows.
 * Requests that succeed may change or delete it; `repair` puts back what the next endpoint needs.
 */

export type ActorName = 'anonymous' | 'member' | 'superadmin';

type User = Awaited<ReturnType<typeof buildUser>>;

export interface World {
  member: User;
  superadmin: User;
  other: User;
  clients: Record<ActorName, TestClient>;
  /** Ids of rows that exist (never the bystander's). */
  ids: number[];
  /** The rows whose loss makes the world rebuilt, as `table:id`. */
  anchors: { table: string; id: number }[];
  /** Memberships whose state the world relies on. */
  memberships: { id: number; status: string; role: string }[];
}

/** A small real PNG (sharp), for uploads. */
export async function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 6, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
}

/** The member no request may name: created once with a far-away id, involved in nothing. */
export async function createBystander(t: TestApp): Promise<void> {
  await t.db.execute(sql.raw(`alter table users alter column id restart with ${bystanderId}`));
  const bystander = await buildUser(t.db, { firstname: 'Bystander', lastname: 'Never Named' });
  if (bystander.id !== bystanderId) throw new Error(`bystander got id ${bystander.id}`);
  await t.db.execute(sql.raw('alter table users alter column id restart with 1000'));
}

async function signIn(t: TestApp, client: TestClient, userId: number): Promise<void> {
  const [row] = await executeRows<{ username: string }>(
    t.db,
    sql`select username from users where id = ${userId}`,
  );
  if (!row) throw new Error(`user ${userId} is gone`);
  client.jar.clear();
  await client.login(row.username, testPassword);
}

function expect201(response: { statusCode: number; body: string }, what: string) {
  if (response.statusCode !== 201) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as { id: number };
}

export async function buildWorld(t: TestApp): Promise<World> {
  const member = await buildUser(t.db, { firstname: 'Mara', lastname: 'Member' });
  const superadmin = await buildAdmin(t.db, { firstname: 'Sina', lastname: 'Superadmin' });
  const other = await buildUser(t.db, { firstname: 'Otto', lastname: 'Other' });
  const open = await buildGroup(t.db, {
    type: 'open',
    admins: [member],
    members: [other],
    applied: [superadmin],
  });
  const approval = await buildGroup(t.db, { type: 'approval', admins: [other], invited: [member] });
  const secret = await buildGroup(t.db, { type: 'private', admins: [other] });
  const [topic] = await t.db
    .insert(topics)
    .values({ group_id: open.id, name: 'Kantine', description: 'Essen', author_id: member.id })
    .returning();
  const [suggestion] = await t.db
    .insert(topics)
    .values({
      group_id: open.id,
      name: 'Sport',
      description: 'Laufen',
      author_id: other.id,
      status: 'suggested',
    })
    .returning();
  const [post, otherPost, secretPost] = await t.db
    .insert(posts)
    .values([
      {
        author_id: member.id,
        written_by: member.id,
        group_id: open.id,
        topic_id: topic!.id,
        description: '<p>Hallo</p>',
      },
      { author_id: other.id, written_by: other.id, group_id: open.id, description: '<p>Moin</p>' },
      { author_id: other.id, written_by: other.id, group_id: secret.id, description: '<p>Geheim</p>' },
    ])
    .returning();
  const [comment] = await t.db
    .insert(comments)
    .values({ target_type: 'post', target_id: post!.id, author_id: other.id, text: 'Schön' })
    .returning();
  const [like] = await t.db
    .insert(likes)
    .values({ target_type: 'post', target_id: post!.id, user_id: other.id })
    .returning();
  const category = await buildCategory(t.db);
  const article = await buildArticle(t.db, { category_id: category.id, featured: true });
  const activity = await recordActivity(t, {
    userId: member.id,
    actorId: other.id,
    type: 'other',
    text: 'Hi',
  });
  const [field] = await t.db
    .insert(profileFields)
    .values({
      key: `team-${member.id}`,
      type: 'select',
      labels: { de_DE: 'Team', en_GB: 'Team' },
      options: [{ value: 'ops', labels: { de_DE: 'Betrieb', en_GB: 'Operations' } }],
      filterable: true,
    })
    .returning();

  const clients: Record<ActorName, TestClient> = {
    anonymous: new TestClient(t.app, '10.0.0.1'),
    member: new TestClient(t.app, '10.0.0.2'),
    superadmin: new TestClient(t.app, '10.0.0.3'),
  };
  await signIn(t, clients.member, member.id);
  await signIn(t, clients.superadmin, superadmin.id);
  await clients.anonymous.get('/api/v2/auth/is_authenticated');

  const png = await tinyPng();
  const file = expect201(
    await uploadFiles(clients.member, `/api/v2/groups/${open.id}/files`, {
      data: Buffer.from('Protokoll\n'),
      filename: 'notes.txt',
      type: 'text/plain',
    }),
    'group file',
  );
  const postFile = expect201(
    await uploadFiles(clients.member, '/api/v2/posts/file', {
      data: png,
      filename: 'a.png',
      type: 'image/png',
    }),
    'post file',
  );
  const image = expect201(
    await uploadFiles(clients.member, '/api/v2/groups/image', {
      data: png,
      filename: 'a.png',
      type: 'image/png',
    }),
    'group image',
  );
  const key = await clients.superadmin.post('/api/v2/tv/display_keys', { name: 'Foyer' });
  if (key.statusCode !== 201) throw new Error(`display key: ${key.statusCode} ${key.body}`);
  const displayKey = (key.json() as { display_key: { id: number } }).display_key;
  // An open job at a location, for the jobs calls (its changes and removal need no repair).
  const [site] = await t.db.insert(locations).values({ name: 'Hostile site' }).returning();
  const created = await clients.superadmin.post('/api/v2/admin/jobs', {
    title: 'Hostile job',
    locale: 'de_DE',
    field: 'it',
    location_id: site!.id,
    employment_type: 'full_time',
  });
  if (created.statusCode !== 200) throw new Error(`job: ${created.statusCode} ${created.body}`);
  const job = created.json() as { id: number };
  await clients.superadmin.post(`/api/v2/admin/jobs/${job.id}/publish`);
  // An active product in sizes, for the shop's calls (its changes and removal need no repair).
  const offered = await clients.superadmin.post('/api/v2/admin/products', {
    name_de: 'Feindliches T-Shirt',
    name_en: 'Hostile T-shirt',
    price: 1990,
    currency: 'EUR',
    tax_rate: 1900,
    options: [{ id: 'm', label_de: 'M', label_en: 'M' }],
    stock: 50,
    active: true,
  });
  if (offered.statusCode !== 200) throw new Error(`product: ${offered.statusCode} ${offered.body}`);
  const product = offered.json() as { id: number };
  // Sign-up open (advanced) with an option, a gift that comes with it and a topic, so the registration's
  // calls meet real ones (their changes and removal need no repair).
  await setSettingByPath(t.db, 'signup_configuration', {
    active: true,
    type: 'advanced',
    active_login_types: [],
  });
  const subscription = await clients.superadmin.post('/api/v2/admin/subscription_options', {
    name_de: 'Feindliches Abo',
    name_en: 'Hostile subscription',
    price: 990,
    currency: 'EUR',
    tax_rate: 700,
    period: 'month',
    minimum_term: 1,
    notice_days: 14,
    active: true,
  });
  if (subscription.statusCode !== 200)
    throw new Error(`option: ${subscription.statusCode} ${subscription.body}`);
  const option = subscription.json() as { id: number };
  const gift = await clients.superadmin.post('/api/v2/admin/gifts', {
    name_de: 'Feindliche Tasse',
    name_en: 'Hostile mug',
    stock: 50,
    subscription_option_ids: [option.id],
    active: true,
  });
  if (gift.statusCode !== 200) throw new Error(`gift: ${gift.statusCode} ${gift.body}`);
  const interest = await clients.superadmin.post('/api/v2/admin/registration_topics', {
    label_de: 'Feindlich',
    label_en: 'Hostile',
  });
  if (interest.statusCode !== 200) throw new Error(`topic: ${interest.statusCode} ${interest.body}`);

  const memberships = await executeRows<{ id: number; status: string; role: string }>(
    t.db,
    sql`select id, status, role from group_memberships where group_id in (${open.id}, ${approval.id}, ${secret.id})`,
  );
  const anchors = [
    ...[member, superadmin, other].map((u) => ({ table: 'users', id: u.id })),
    ...[open, approval, secret].map((g) => ({ table: 'groups', id: g.id })),
    { table: 'topics', id: topic!.id },
    { table: 'topics', id: suggestion!.id },
    ...[post!, otherPost!, secretPost!].map((p) => ({ table: 'posts', id: p.id })),
    { table: 'comments', id: comment!.id },
    { table: 'likes', id: like!.id },
    { table: 'pages', id: article.id },
    { table: 'activities', id: activity.id },
    { table: 'profile_fields', id: field!.id },
    { table: 'files', id: file.id },
    { table: 'post_files', id: postFile.id },
    { table: 'images', id: image.id },
    { table: 'tv_display_keys', id: displayKey.id },
  ];
  const ids = [
    ...new Set([
      ...anchors.map((a) => a.id),
      ...memberships.map((m) => m.id),
      category.id,
      job.id,
      product.id,
      option.id,
      (gift.json() as { id: number }).id,
      (interest.json() as { id: number }).id,
      1,
      2,
      3,
    ]),
  ].filter((id) => id !== bystanderId);
  return { member, superadmin, other, clients, ids, anchors, memberships };
}

function sessionId(client: TestClient): string | undefined {
  const token = client.jar.get(cookies.session);
  return token ? createHash('sha256').update(token).digest('hex') : undefined;
}

/** Whether every anchor row is there in the state the world built it (memberships, rights). */
async function intact(t: TestApp, world: World): Promise<boolean> {
  const checks = world.anchors.map(
    (a) => sql`(select count(*) from ${sql.identifier(a.table)} where id = ${a.id})`,
  );
  const [row] = await executeRows<Record<string, number | string>>(
    t.db,
    sql`select ${sql.join(
      checks.map((check, i) => sql`${check} as ${sql.identifier(`a${i}`)}`),
      sql`, `,
    )}`,
  );
  if (!row || Object.values(row).some((count) => Number(count) !== 1)) return false;
  const memberships = await executeRows<{ id: number; status: string; role: string }>(
    t.db,
    sql`select id, status, role from group_memberships where id in (${sql.join(
      world.memberships.map((m) => sql`${m.id}`),
      sql`, `,
    )})`,
  );
  const now = new Map(memberships.map((m) => [m.id, `${m.status}/${m.role}`]));
  if (world.memberships.some((m) => now.get(m.id) !== `${m.status}/${m.role}`)) return false;
  const rights = await executeRows<{ id: number; permissions: string[] }>(
    t.db,
    sql`select id, permissions from users where id in (${world.member.id}, ${world.superadmin.id})`,
  );
  const byId = new Map(rights.map((r) => [r.id, (r.permissions ?? []).join(',')]));
  return byId.get(world.member.id) === '' && byId.get(world.superadmin.id) === 'superadmin';
}

/** What requests since the last repair may have changed, read from the change log. */
export interface Dirty {
  rateLimits: boolean;
  settings: boolean;
  /** A row of the world was updated or deleted. */
  world: boolean;
  /** A session ended. */
  sessions: boolean;
}

export const clean = (): Dirty => ({ rateLimits: false, settings: false, world: false, sessions: false });

const worldTables = new Set([
  'users',
  'groups',
  'group_memberships',
  'topics',
  'posts',
  'comments',
  'likes',
  'pages',
  'activities',
  'profile_fields',
  'files',
  'post_files',
  'images',
  'tv_display_keys',
]);

/** Marks in `dirty` what a written row may have broken. */
export function noteChange(dirty: Dirty, change: { tbl: string; op: string }): void {
  if (change.tbl === 'rate_limits') dirty.rateLimits = true;
  else if (change.tbl === 'app_settings') dirty.settings = true;
  else if (change.tbl === 'sessions' && change.op === 'DELETE') dirty.sessions = true;
  else if (worldTables.has(change.tbl) && change.op !== 'INSERT') dirty.world = true;
}

export interface RepairResult {
  world: World;
  rebuilt: boolean;
}

/**
 * Before each endpoint, only what requests changed: throttling counters cleared, the settings as they
 * were, the world rebuilt if a request removed or changed one of its rows, and the signed-in actors
 * signed in again if a request ended their session.
 */
export async function repair(
  t: TestApp,
  world: World,
  settings: (typeof appSettings.$inferSelect)[],
  dirty: Dirty,
): Promise<RepairResult> {
  if (dirty.rateLimits) await t.db.delete(rateLimits);
  if (dirty.settings) {
    await t.db.delete(appSettings);
    if (settings.length) await t.db.insert(appSettings).values(settings);
    forgetSettingsDocuments(t.db);
  }
  if (dirty.world && !(await intact(t, world))) return { world: await buildWorld(t), rebuilt: true };
  if (dirty.world || dirty.sessions) {
    for (const [name, user] of [
      ['member', world.member],
      ['superadmin', world.superadmin],
    ] as const) {
      const client = world.clients[name];
      const id = sessionId(client);
      const [session] = id
        ? await executeRows<{ user_id: number }>(
            t.db,
            sql`select user_id from sessions where id = ${id} and expires_at > now()`,
          )
        : [];
      if (session?.user_id !== user.id) await signIn(t, client, user.id);
    }
  }
  return { world, rebuilt: false };
}
