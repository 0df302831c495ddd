import { randomBytes } from 'node:crypto';
import { settingsSchema } from '@plaza/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { MIGRATION_LOCK_ID } from '../db/locks';
import { defaultMenu, forgetSettingsDocuments, storeSettingsDocument } from '../modules/settings';
import { countUsers, createUser, insertUserRow, refreshUserSearchVectors } from '../modules/users';
import { hashPassword } from '../platform/passwords';
import type { ObjectStore } from '../platform/storage';
import { seedDemoPages } from './demo-pages';
import { seedDemoFieldValues, seedDemoProfileFields } from './demo-profile-fields';
import { demoCookieConfig, demoSettings } from './demo-settings';
import { seedDemoGroups } from './groups';
import { seedDemoJobs } from './jobs';
import { seedLegalPages } from './legal-pages';
import { demoPeople } from './people';
import { seedDemoPosts } from './posts';
import { seedDemoRatings } from './ratings';
import { seedDemoRegistration } from './registration';
import { seedDemoShop } from './shop';

const folded: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** A login name from a person's name: `anna.schneider`. */
export function usernameOf(firstname: string, lastname: string): string {
  return `${firstname}.${lastname}`
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => folded[c]!)
    .normalize('NFKD')
    .replace(/[^a-z0-9.]/g, '');
}

export interface SeedOptions {
  publicUrl: string;
  /** Where demo pictures are stored; without it there are none. */
  storage?: ObjectStore;
}

/**
 * Fills an empty database with the demo deployment: settings, menu, cookie config, about 30 members
 * and the `admin` superadmin with a generated password (returned once, stored only as a hash), and demo
 * groups with topics, an invitation and an application for the admin. One transaction under the
 * migration lock: instances starting together seed once, and a crash half-way leaves nothing.
 */
export async function seedDemoContent(
  db: Db,
  options: SeedOptions,
): Promise<{ admin?: { username: string; password: string } }> {
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    if ((await countUsers(tx)) > 0) return {};
    return fillDemoContent(tx, options);
  });
  // The settings' memo is per database handle: dropped inside the transaction, it kept what the app read
  // before (its start reads the settings), for up to its lifetime.
  forgetSettingsDocuments(db);
  return seeded;
}

async function fillDemoContent(
  db: Db,
  options: SeedOptions,
): Promise<{ admin: { username: string; password: string } }> {
  const legalPages = await seedLegalPages(db);
  const pages = { ...demoSettings.pages, ...legalPages };
  await storeSettingsDocument(db, 'settings', settingsSchema.parse({ ...demoSettings, pages }));
  await storeSettingsDocument(db, 'menu', defaultMenu);
  await storeSettingsDocument(db, 'cookie_config', demoCookieConfig);

  // Demo members share one random password nobody knows; operators set real ones with the CLI.
  const unknownPassword = await hashPassword(randomBytes(32).toString('base64url'));
  const fieldIds = await seedDemoProfileFields(db);
  const memberIds: number[] = [];
  for (const person of demoPeople) {
    const username = usernameOf(person.firstname, person.lastname);
    const member = await insertUserRow(db, {
      username,
      email: `${username}@example.com`,
      password_hash: unknownPassword,
      firstname: person.firstname,
      lastname: person.lastname,
      position: person.position,
      location_names: [person.location],
      special_tasks: person.tasks,
      areas: person.areas,
      skills: person.skills,
      languages: person.languages,
      birthday: person.birthday,
      is_birth_year_visible: person.birthYearVisible,
      entry_date: person.entry,
      gender: person.gender,
      selected_language: person.language,
      agb_nda_accepted: true,
    });
    await seedDemoFieldValues(db, fieldIds, member.id, person.custom);
    memberIds.push(member.id);
  }

  const password = randomBytes(12).toString('base64url');
  const admin = await createUser(db, {
    username: 'admin',
    email: 'admin@example.com',
    password,
    // A person's name: the dashboard greets the administrator by first name ("Hallo, Katrin!").
    firstname: 'Katrin',
    lastname: 'Vogel',
    permissions: ['superadmin'],
  });
  await seedDemoGroups(db, admin.id);
  await seedDemoPosts(db, admin.id, options.storage);
  await seedDemoPages(db, admin.id, memberIds.slice(0, 4));
  await seedDemoRatings(db, memberIds);
  await seedDemoJobs(db, admin.id, options.storage);
  await seedDemoShop(db, admin.id, options.storage);
  await seedDemoRegistration(db, admin.id, options.storage);
  await refreshUserSearchVectors(db);
  return { admin: { username: 'admin', password } };
}
