import { randomBytes } from 'node:crypto';
import { type AccessObject, adminDocumentKeys, cookies, preferenceKeys } from '@plaza/contract';
import { and, eq, sql } from 'drizzle-orm';
import { executeRows } from '../../src/db/execute-rows';
import {
  appSettingVersions,
  comments,
  gifts,
  groupMemberships,
  locations,
  pages,
  posts,
  ratingCategories,
  registrationTopics,
  sessions,
  subscriptionOptions,
  topics,
} from '../../src/db/schema';
import { setSettingByPath } from '../../src/modules/settings/service';
import { hashToken } from '../../src/platform/session';
import type { TestApp } from '../app';
import { buildSubscription } from '../billing-fixture';
import { TestClient } from '../client';
import { buildGroup, buildUser, testPassword } from '../factories';
import { tinyPng } from '../hostile/world';
import { uploadFiles } from '../multipart';
import { buildProduct, readyCart } from '../order-fixture';

/*
 * The world of the authorization matrix: one member of each kind (the contract's actors) and, for each
 * kind of object an endpoint's path can name, a maker that builds a real one. The refusals run against
 * one instance each; an allowed call gets a fresh one, so a removal or a change leaves the others be.
 */

export const actors = [
  'anonymous',
  'member',
  'peer',
  'outsider',
  'groupAdmin',
  'users',
  'jobs',
  'shop',
  'ratings_export',
  'superadmin',
] as const;
export type Actor = (typeof actors)[number];

type User = Awaited<ReturnType<typeof buildUser>>;
export type Params = Record<string, string | number>;

/** One object: the path parameters that name it, those of one that does not exist, and who owns it. */
export interface Instance {
  params: Params;
  /** The same names for an object that does not exist (absent: the path names no secret, e.g. a locale). */
  missing?: Params;
  /** The owner when it is not `member` (an account owns itself). */
  owner?: TestClient;
}

export interface World {
  t: TestApp;
  users: Record<Exclude<Actor, 'anonymous'>, User>;
  clients: Record<Actor, TestClient>;
  png: Buffer;
  /** Every id the world made, for generated bodies. */
  ids: number[];
  make: Record<AccessObject, () => Promise<Instance>>;
  /** A member who is no actor: signs in (auth.login), is talked to (chat), is named. */
  signer: User;
  signInAll: () => Promise<void>;
}

/** An id no row has (within the ids the contract accepts). */
export const absent = 2_000_000_000;

function ok<T>(response: { statusCode: number; body: string; json(): unknown }, what: string): T {
  if (response.statusCode < 200 || response.statusCode > 299) {
    throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  }
  return response.json() as T;
}

export async function buildMatrixWorld(t: TestApp): Promise<World> {
  const png = await tinyPng();
  const user = (lastname: string, permissions: string[] = []) =>
    buildUser(t.db, { firstname: 'Matrix', lastname, permissions: permissions as never });
  const users = {
    member: await user('Member'),
    peer: await user('Peer'),
    outsider: await user('Outsider'),
    groupAdmin: await user('Group admin'),
    users: await user('Users', ['users']),
    jobs: await user('Jobs', ['jobs']),
    shop: await user('Shop', ['shop']),
    ratings_export: await user('Ratings export', ['ratings_export']),
    superadmin: await user('Superadmin', ['superadmin']),
  };
  const friend = await user('Friend');
  const applicant = await user('Applicant');
  const invitee = await user('Invitee');
  const secondAdmin = await user('Second admin');
  const declined = await user('Declined');
  const clients = Object.fromEntries(
    actors.map((a, i) => [a, new TestClient(t.app, `10.6.0.${i + 1}`)]),
  ) as Record<Actor, TestClient>;
  const signInAll = async () => {
    for (const [name, u] of Object.entries(users)) {
      const client = clients[name as Actor];
      client.jar.clear();
      await client.login(u.username, testPassword);
    }
    await clients.anonymous.get('/api/v2/auth/is_authenticated');
  };
  await signInAll();
  await buildGroup(t.db, { type: 'private', admins: [users.outsider] });
  // Sign-up open, so the registration's calls meet an offer.
  await setSettingByPath(t.db, 'signup_configuration', {
    active: true,
    type: 'advanced',
    active_login_types: [],
  });

  const ids: number[] = Object.values(users).map((u) => u.id);
  const note = (id: number) => {
    ids.push(id);
    return id;
  };
  const { member, superadmin } = clients;
  const missingId = { id: absent };

  /**
   * A private group: `groupAdmin` (and a second admin) its admins, `member` and `peer` its members, an
   * invitation pending and one declined.
   */
  const group = async () => {
    const { id } = await buildGroup(t.db, {
      type: 'private',
      admins: [users.groupAdmin, secondAdmin],
      members: [users.member, users.peer],
      invited: [invitee, declined],
    });
    await t.db
      .update(groupMemberships)
      .set({ status: 'declined' })
      .where(and(eq(groupMemberships.group_id, id), eq(groupMemberships.user_id, declined.id)));
    return note(id);
  };
  const groupExtras = { invitee: invitee.id, admin: secondAdmin.id, declined: declined.id };
  const topic = async (groupId?: number) => {
    const [row] = await t.db
      .insert(topics)
      .values({
        group_id: groupId ?? (await group()),
        name: 'Matrix topic',
        description: 'Topic',
        author_id: users.groupAdmin.id,
      })
      .returning();
    return note(row!.id);
  };
  const post = async () => {
    const [row] = await t.db
      .insert(posts)
      .values({
        author_id: users.member.id,
        written_by: users.member.id,
        group_id: await group(),
        description: '<p>Matrix</p>',
      })
      .returning();
    return note(row!.id);
  };
  const upload = async (client: TestClient, url: string, what: string) =>
    note(
      ok<{ id: number }>(
        await uploadFiles(client, url, { data: png, filename: 'a.png', type: 'image/png' }),
        what,
      ).id,
    );
  const conversation = async () =>
    note(
      ok<{ conversation_id: number }>(
        await member.get('/api/v2/messages/new_direct_message_conversation', {
          query: { user_ids: friend.id },
        }),
        'conversation',
      ).conversation_id,
    );
  const page = async (published = true) => {
    const [row] = await t.db
      .insert(pages)
      .values({ type: 'page', title: 'Matrix page', content: '<p>Seite</p>', visibility: 'all', published })
      .returning();
    return { id: note(row!.id), preview: row!.preview_id };
  };
  const subscription = async (userId: number | null = users.member.id) => {
    const created = await buildSubscription(t, userId);
    return created as unknown as { id: number; number: string };
  };
  const membership = async (groupId: number, userId: number) => {
    const [row] = await t.db
      .select({ id: groupMemberships.id })
      .from(groupMemberships)
      .where(and(eq(groupMemberships.group_id, groupId), eq(groupMemberships.user_id, userId)));
    return note(row!.id);
  };
  const superadminCreate = async (url: string, body: unknown) =>
    note(ok<{ id: number }>(await superadmin.post(url, body), url).id);
  const productId = note(await buildProduct(t));
  /** A client signed in as the member, by a session row (a sign-in hashes the password, which is slow). */
  const sessionOf = async (userId: number) => {
    const token = randomBytes(32).toString('base64url');
    await t.db.insert(sessions).values({
      id: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + 3_600_000),
    });
    const client = new TestClient(t.app);
    client.jar.set(cookies.session, token);
    return client;
  };

  const make: Record<AccessObject, () => Promise<Instance>> = {
    account: async () => {
      const owner = await user('Account');
      const client = await sessionOf(owner.id);
      return {
        params: { id: note(owner.id), addressType: 'invoice_address' },
        missing: { id: absent, addressType: 'invoice_address' },
        owner: client,
      };
    },
    accountImage: async () => {
      // The member's avatar (uploaded and cropped), which editors may crop anew.
      const imageId = await upload(member, `/api/v2/users/${users.member.id}/image`, 'avatar');
      const coordinates = { x: 0, y: 0, width: 4, height: 4 };
      ok(
        await member.put(`/api/v2/users/${users.member.id}/image/${imageId}`, { coordinates }),
        'avatar crop',
      );
      return { params: { id: users.member.id, imageId }, missing: { id: absent, imageId: absent } };
    },
    application: async () => {
      const g = await buildGroup(t.db, {
        type: 'approval',
        admins: [users.groupAdmin],
        applied: [applicant],
      });
      return { params: { id: await membership(g.id, applicant.id) }, missing: missingId };
    },
    article: async () => {
      const [row] = await t.db
        .insert(pages)
        .values({ type: 'article', title: 'Matrix article', content: '<p>Artikel</p>' })
        .returning();
      return { params: { id: `page-${note(row!.id)}` }, missing: { id: `page-${absent}` } };
    },
    brandingKind: async () => ({ params: { kind: 'logo' } }),
    brandingImage: async () => {
      const settings = ok<{ logo?: string; branding?: { logo?: string } }>(
        await uploadFiles(superadmin, '/api/v2/admin/branding/logo', {
          data: png,
          filename: 'logo.png',
          type: 'image/png',
        }),
        'logo',
      );
      const file = JSON.stringify(settings).match(/[\w-]{1,80}\.(png|webp|ico|svg)/)?.[0];
      if (!file) throw new Error(`no logo file in ${JSON.stringify(settings)}`);
      return { params: { kind: 'logo', file } };
    },
    cartLine: async () => {
      const cart = ok<{ cart: { items: { id: number }[] } }>(
        await member.post('/api/v2/carts/mine/items', { product_id: productId, quantity: 1 }),
        'cart line',
      );
      return { params: { id: note(cart.cart.items.at(-1)!.id) }, missing: missingId };
    },
    chatAttachment: async () => {
      const message = ok<{ attachments: { id: number }[] }>(
        await member.post('/api/v2/messages/create', {
          message: {
            recipient: await conversation(),
            attachment: {
              type: 'image/png',
              name: 'a.png',
              content: `data:image/png;base64,${png.toString('base64')}`,
            },
          },
        }),
        'attachment',
      );
      return { params: { id: note(message.attachments[0]!.id) }, missing: missingId };
    },
    comment: async () => {
      const [row] = await t.db
        .insert(comments)
        .values({ target_type: 'post', target_id: await post(), author_id: users.member.id, text: 'Matrix' })
        .returning();
      return { params: { id: note(row!.id) }, missing: missingId };
    },
    conversation: async () => ({
      params: { recipient: await conversation() },
      missing: { recipient: absent },
    }),
    displayKey: async () => {
      const created = ok<{ display_key: { id: number } }>(
        await superadmin.post('/api/v2/tv/display_keys', { name: 'Matrix' }),
        'display key',
      );
      return { params: { id: note(created.display_key.id) }, missing: missingId };
    },
    document: async () => ({ params: { key: adminDocumentKeys[0] } }),
    documentVersion: async () => {
      const menu = ok<{ value: unknown }>(await superadmin.get('/api/v2/admin/documents/menu'), 'menu');
      const [row] = await t.db
        .insert(appSettingVersions)
        .values({ key: 'menu', value: menu.value as never, author_id: users.superadmin.id })
        .returning({ id: appSettingVersions.id });
      return { params: { key: 'menu', id: note(row!.id) }, missing: { key: 'menu', id: absent } };
    },
    file: async () => ({
      params: { id: await upload(member, `/api/v2/groups/${await group()}/files`, 'group file') },
      missing: missingId,
    }),
    gift: async () => {
      const [row] = await t.db.insert(gifts).values({ name_de: 'Tasse', name_en: 'Mug' }).returning();
      return { params: { id: note(row!.id) }, missing: missingId };
    },
    group: async () => ({
      params: { id: await group(), ...groupExtras },
      missing: { ...missingId, ...groupExtras },
    }),
    groupFile: async () => {
      const g = await group();
      return {
        params: { id: g, fileId: await upload(member, `/api/v2/groups/${g}/files`, 'group file') },
        missing: { id: absent, fileId: absent },
      };
    },
    groupMembership: async () => ({
      params: { id: await group(), userId: users.peer.id, ...groupExtras },
      missing: { id: absent, userId: absent, ...groupExtras },
    }),
    invitation: async () => {
      const g = await buildGroup(t.db, {
        type: 'private',
        admins: [users.groupAdmin],
        invited: [users.member],
      });
      return { params: { id: await membership(g.id, users.member.id) }, missing: missingId };
    },
    job: async () => {
      const [site] = await t.db.insert(locations).values({ name: 'Matrix site' }).returning();
      const id = await superadminCreate('/api/v2/admin/jobs', {
        title: 'Matrix job',
        locale: 'de_DE',
        field: 'it',
        location_id: site!.id,
        employment_type: 'full_time',
      });
      ok(await superadmin.post(`/api/v2/admin/jobs/${id}/publish`), 'publish job');
      return { params: { id }, missing: missingId };
    },
    locale: async () => ({ params: { locale: 'de_DE' } }),
    order: async () => {
      ok(await member.post('/api/v2/carts/mine/items', { product_id: productId, quantity: 1 }), 'order line');
      await readyCart(member);
      const bought = ok<{ order_id: number }>(
        await member.post('/api/v2/payments', { agb: true }),
        'purchase',
      );
      return { params: { id: note(bought.order_id) }, missing: missingId };
    },
    page: async () => ({ params: { id: (await page()).id }, missing: missingId }),
    pageFile: async () => {
      const { id } = await page();
      const fileId = await upload(superadmin, `/api/v2/admin/pages/${id}/files`, 'page file');
      return { params: { id, fileId }, missing: { id: absent, fileId: absent } };
    },
    pagePreview: async () => ({
      params: { id: (await page(false)).preview },
      missing: { id: '0123456789abcdef0123456789abcdef' },
    }),
    post: async () => ({ params: { id: await post() }, missing: missingId }),
    postFile: async () => {
      const fileId = await upload(member, '/api/v2/posts/file', 'post file');
      await executeRows(t.db, sql`update post_files set post_id = ${await post()} where id = ${fileId}`);
      return { params: { id: fileId }, missing: missingId };
    },
    product: async () => ({ params: { id: note(await buildProduct(t)) }, missing: missingId }),
    pushSubscription: async () => {
      const created = ok<{ id: string }>(
        await member.post('/api/v2/users/push_subscription', {
          endpoint: `https://push.example.org/send/${Math.random().toString(36).slice(2)}`,
          keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
        }),
        'push subscription',
      );
      return { params: { id: created.id }, missing: { id: 'f'.repeat(32) } };
    },
    ratingCategory: async () => {
      const [row] = await t.db
        .insert(ratingCategories)
        .values({ label_de: 'Klima', label_en: 'Climate' })
        .returning();
      return { params: { id: note(row!.id) }, missing: missingId };
    },
    ratingLocation: async () => {
      const [row] = await t.db
        .insert(locations)
        .values({ name: 'Matrix location', city: 'Berlin' })
        .returning();
      return { params: { id: note(row!.id) }, missing: missingId };
    },
    registrationTopic: async () => {
      const [row] = await t.db
        .insert(registrationTopics)
        .values({ label_de: 'Thema', label_en: 'Topic' })
        .returning();
      return { params: { id: note(row!.id) }, missing: missingId };
    },
    settingToggle: async () => ({ params: { key: preferenceKeys[0] } }),
    subscriberNumber: async () => ({ params: { subscriberNumber: (await subscription(null)).number } }),
    subscription: async () => ({ params: { id: note((await subscription()).id) }, missing: missingId }),
    subscriptionInvoice: async () => {
      const { id } = await subscription();
      const [row] = await executeRows<{ id: number }>(
        t.db,
        sql`select id from subscription_invoices where subscription_id = ${id} limit 1`,
      );
      if (!row) throw new Error('no invoice of the subscription');
      return { params: { id: note(row.id) }, missing: missingId };
    },
    subscriptionItem: async () => {
      const { id } = await subscription();
      const [row] = await executeRows<{ id: number }>(
        t.db,
        sql`select id from subscription_items where subscription_id = ${id} order by id limit 1`,
      );
      return { params: { id: note(row!.id) }, missing: missingId };
    },
    subscriptionOption: async () => {
      const [row] = await t.db
        .insert(subscriptionOptions)
        .values({
          name_de: 'Abo',
          name_en: 'Plan',
          price: 990,
          currency: 'EUR',
          tax_rate: 700,
          period: 'month',
          active: true,
        })
        .returning();
      return { params: { id: note(row!.id) }, missing: missingId };
    },
    suggestion: async () => {
      const [row] = await t.db
        .insert(topics)
        .values({
          group_id: await group(),
          name: 'Matrix idea',
          description: 'Idea',
          author_id: users.member.id,
          status: 'suggested',
        })
        .returning();
      return { params: { id: note(row!.id) }, missing: missingId };
    },
    topic: async () => ({ params: { id: await topic() }, missing: missingId }),
    topicFile: async () => {
      const id = await topic();
      return {
        params: { id, fileId: await upload(member, `/api/v2/topics/${id}/files`, 'topic file') },
        missing: { id: absent, fileId: absent },
      };
    },
    tvImage: async () => {
      const created = ok<{ key: string }>(
        await superadmin.post('/api/v2/tv/display_keys', { name: 'Matrix screen' }),
        'display key',
      );
      const fileId = await upload(superadmin, '/api/v2/posts/file', 'tv image');
      const [shown] = await t.db
        .insert(posts)
        .values({ author_id: users.superadmin.id, written_by: users.superadmin.id, description: '<p>TV</p>' })
        .returning();
      await executeRows(t.db, sql`update post_files set post_id = ${shown!.id} where id = ${fileId}`);
      return { params: { id: fileId, key: created.key } };
    },
    dataExport: async () => {
      const asked = ok<{ id: number }>(await member.post('/api/v2/me/data_export', {}), 'data export');
      return { params: { id: note(asked.id) }, missing: missingId };
    },
  };
  return { t, users, clients, png, ids, make, signInAll, signer: friend };
}
