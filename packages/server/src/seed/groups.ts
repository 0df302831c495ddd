import { defaultLocale, type GroupType, isLocale } from '@plaza/contract';
import { asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { groupMemberships, groups, topics, users } from '../db/schema';
import { insertActivityRow, worded } from '../modules/activities';

type NewMembership = typeof groupMemberships.$inferInsert;

interface DemoGroup {
  name: string;
  description: string;
  type: GroupType;
  /** Indexes into the demo members (ordered by id); `admin` is the seeded superadmin. */
  admins: (number | 'admin')[];
  members: (number | 'admin')[];
  topics: { name: string; description: string; daysAgo: number; author: number | 'admin' }[];
}

const demoGroups: DemoGroup[] = [
  {
    name: 'Running Club',
    description:
      'Tuesday evening runs along the river and a team for the spring half marathon. All paces welcome.',
    type: 'open',
    admins: [3],
    members: ['admin', 0, 5, 8, 12, 17, 21, 24],
    topics: [
      {
        name: 'Spring half marathon',
        description: 'Who is in? We register as a team by the end of the month.',
        daysAgo: 3,
        author: 3,
      },
      {
        name: 'Tuesday evening runs',
        description: 'We meet at 18:00 at the main entrance, 5 or 10 km.',
        daysAgo: 40,
        author: 3,
      },
    ],
  },
  {
    name: 'Book Circle',
    description: 'One book a month, one lunch to talk about it. Fiction and non-fiction in turns.',
    type: 'open',
    admins: ['admin'],
    members: [1, 4, 9, 14, 22],
    topics: [
      {
        name: 'Currently reading',
        description: 'This month: a novel about a lighthouse keeper in the north.',
        daysAgo: 6,
        author: 'admin',
      },
      {
        name: 'Favourite books of the year',
        description: 'Share the one book you would recommend to everyone.',
        daysAgo: 75,
        author: 9,
      },
    ],
  },
  {
    name: 'Photography',
    description: 'Photo walks, editing tips and a shared album of the company summer party.',
    type: 'open',
    admins: [10],
    members: [2, 7, 19, 26],
    topics: [
      {
        name: 'Photo walk in the old town',
        description: 'Saturday morning, bring any camera or phone.',
        daysAgo: 12,
        author: 10,
      },
    ],
  },
  {
    name: 'Product Guild',
    description: 'Product managers and designers share research, roadmaps and lessons learned. Ask to join.',
    type: 'approval',
    admins: ['admin', 6],
    members: [11, 15, 20],
    topics: [
      {
        name: 'Roadmap review Q3',
        description: 'Notes and open questions from the quarterly review.',
        daysAgo: 2,
        author: 6,
      },
      {
        name: 'User research library',
        description: 'Where to find interview notes and how to add yours.',
        daysAgo: 30,
        author: 11,
      },
      {
        name: 'Design critique sessions',
        description: 'Every other Thursday; bring work in progress.',
        daysAgo: 55,
        author: 'admin',
      },
    ],
  },
  {
    name: 'Sustainability Team',
    description:
      'Ideas and projects for a greener workplace: mobility, energy, waste. New members are approved by the team.',
    type: 'approval',
    admins: [13],
    members: [16, 23, 27],
    topics: [
      {
        name: 'Bike to work month',
        description: 'Count your kilometres; the best team wins a breakfast.',
        daysAgo: 9,
        author: 13,
      },
    ],
  },
  {
    name: 'Leadership Circle',
    description: 'A confidential space for team leads to discuss people topics. By invitation only.',
    type: 'private',
    admins: [0],
    members: [3, 6, 13],
    topics: [
      {
        name: 'Feedback culture',
        description: 'How do we give feedback that helps?',
        daysAgo: 15,
        author: 0,
      },
    ],
  },
  {
    name: 'Berlin Office',
    description: 'Everything about the Berlin office: desks, events and the coffee machine.',
    type: 'private',
    admins: ['admin'],
    members: [0, 2, 5, 18, 25],
    topics: [
      {
        name: 'Summer party',
        description: 'Date, location and who helps with the barbecue.',
        daysAgo: 4,
        author: 'admin',
      },
      {
        name: 'Desk booking',
        description: 'How to book a desk for the days you are in the office.',
        daysAgo: 60,
        author: 5,
      },
    ],
  },
];

const DAY_MS = 24 * 3600 * 1000;

/**
 * Demo groups of every kind with topics, admins and members, plus, for the seeded admin, a pending
 * invitation, an open application to a group they administer and a topic suggestion waiting for them.
 */
export async function seedDemoGroups(db: Db, adminId: number): Promise<void> {
  const people = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(ne(users.id, adminId))
    .orderBy(asc(users.id));
  const idOf = (who: number | 'admin') => (who === 'admin' ? adminId : people[who % people.length]!.id);
  const now = Date.now();
  const created = new Map<string, number>();

  for (const demo of demoGroups) {
    const [group] = await db
      .insert(groups)
      .values({
        name: demo.name,
        description: demo.description,
        type: demo.type,
        creator_id: idOf(demo.admins[0]!),
      })
      .returning({ id: groups.id });
    created.set(demo.name, group!.id);
    const admins = demo.admins.map(idOf);
    const members = demo.members.map(idOf).filter((id) => !admins.includes(id));
    await db.insert(groupMemberships).values([
      ...admins.map(
        (id): NewMembership => ({
          group_id: group!.id,
          user_id: id,
          role: 'admin',
          status: 'accepted',
          kind: 'invite',
        }),
      ),
      ...members.map(
        (id): NewMembership => ({
          group_id: group!.id,
          user_id: id,
          role: 'member',
          status: 'accepted',
          kind: demo.type === 'private' ? 'invite' : 'application',
          invited_by: demo.type === 'private' ? admins[0]! : null,
        }),
      ),
    ]);
    for (const topic of demo.topics) {
      await db.insert(topics).values({
        group_id: group!.id,
        name: topic.name,
        description: topic.description,
        author_id: idOf(topic.author),
        created_at: new Date(now - topic.daysAgo * DAY_MS),
      });
    }
  }

  await seedAdminInbox(db, adminId, created, people, idOf);
}

/** What waits for the seeded admin on the groups page: an invitation, an application and a suggestion. */
async function seedAdminInbox(
  db: Db,
  adminId: number,
  created: Map<string, number>,
  people: { id: number; firstname: string; lastname: string }[],
  idOf: (who: number) => number,
): Promise<void> {
  const [adminRow] = await db
    .select({ language: users.selected_language })
    .from(users)
    .where(eq(users.id, adminId));
  const locale = isLocale(adminRow?.language) ? adminRow.language : defaultLocale;
  const nameOf = (id: number) => {
    const person = people.find((p) => p.id === id);
    return person ? `${person.firstname} ${person.lastname}` : '';
  };

  const leadership = created.get('Leadership Circle')!;
  const inviter = idOf(0);
  const [invitation] = await db
    .insert(groupMemberships)
    .values({
      group_id: leadership,
      user_id: adminId,
      role: 'member',
      status: 'pending',
      kind: 'invite',
      invited_by: inviter,
    })
    .returning({ id: groupMemberships.id });
  await insertActivityRow(db, {
    user_id: adminId,
    actor_id: inviter,
    type: 'invite',
    ...worded(locale, 'group_activities.invite', { name: nameOf(inviter), group: 'Leadership Circle' }),
    url: '/groups',
    membership_id: invitation!.id,
    membership_status: 'pending',
  });

  const guild = created.get('Product Guild')!;
  const applicant = idOf(28);
  const [application] = await db
    .insert(groupMemberships)
    .values({ group_id: guild, user_id: applicant, role: 'member', status: 'applied', kind: 'application' })
    .returning({ id: groupMemberships.id });
  await insertActivityRow(db, {
    user_id: adminId,
    actor_id: applicant,
    type: 'application',
    ...worded(locale, 'group_activities.application', { name: nameOf(applicant), group: 'Product Guild' }),
    url: '/groups',
    membership_id: application!.id,
    membership_status: 'applied',
  });

  await db.insert(topics).values({
    group_id: created.get('Book Circle')!,
    name: 'Audiobooks count too?',
    description: 'Could we also talk about audiobooks some months? Many of us listen on the way to work.',
    author_id: idOf(4),
    status: 'suggested',
  });
}
