import type { EmploymentType, JobField, JobState, Locale } from '@plaza/contract';
import type { Db } from '../db/client';
import { createJobAs, locationIdByName } from '../modules/jobs';
import type { ObjectStore } from '../platform/storage';
import { seedArticleImage } from './article-images';

interface DemoJob {
  title: string;
  locale: Locale;
  field: JobField;
  /** A demo location of the ratings seed (seed/ratings.ts), by name. */
  location: string;
  employment_type: EmploymentType;
  /** Days from today until it is to be filled; null: at once. */
  availableInDays: number | null;
  tasks: string[];
  profile: string;
  offer: string;
  /** Days since it was published. */
  daysAgo: number;
  state?: JobState;
}

/** The demo jobs board: German and English posts across fields and the four demo locations. */
const demoJobs: DemoJob[] = [
  {
    title: 'Softwareentwicklerin / Softwareentwickler Backend',
    locale: 'de_DE',
    field: 'it',
    location: 'Zentrale Berlin',
    employment_type: 'full_time',
    availableInDays: 45,
    tasks: [
      'Weiterentwicklung unserer Plattform in TypeScript',
      'Code-Reviews im Team',
      'Betrieb in der Cloud',
    ],
    profile: 'Abgeschlossenes Studium oder vergleichbare Erfahrung.\nFreude an sauberem Code und Teamarbeit.',
    offer: 'Flexible Arbeitszeiten, zwei Tage mobiles Arbeiten pro Woche und ein Weiterbildungsbudget.',
    daysAgo: 1,
  },
  {
    title: 'Sales Manager DACH',
    locale: 'en_GB',
    field: 'sales',
    location: 'Werk Hamburg',
    employment_type: 'full_time',
    availableInDays: 30,
    tasks: [
      'Win and look after key accounts',
      'Plan trade fairs with marketing',
      'Report to the head of sales',
    ],
    profile: 'Several years in B2B sales, fluent German and English.',
    offer: 'A company car, a fair bonus scheme and a team that celebrates together.',
    daysAgo: 2,
  },
  {
    title: 'Ausbildung zur Fachkraft für Lagerlogistik',
    locale: 'de_DE',
    field: 'logistics',
    location: 'Lager Leipzig',
    employment_type: 'apprenticeship',
    availableInDays: 240,
    tasks: ['Waren annehmen und prüfen', 'Kommissionieren und Versand vorbereiten', 'Mit Staplern arbeiten'],
    profile: 'Guter Haupt- oder Realschulabschluss, Zuverlässigkeit und Teamgeist.',
    offer: 'Eine sichere Ausbildung mit Übernahmechance und Fahrtkostenzuschuss.',
    daysAgo: 3,
  },
  {
    title: 'Werkstudent Marketing (m/w/d)',
    locale: 'de_DE',
    field: 'marketing',
    location: 'Zentrale Berlin',
    employment_type: 'part_time',
    availableInDays: null,
    tasks: ['Beiträge für Website und soziale Medien', 'Auswertung von Kampagnen'],
    profile: 'Studium im Bereich Kommunikation oder Wirtschaft, 15 bis 20 Stunden pro Woche.',
    offer: 'Freie Zeiteinteilung rund um Ihre Vorlesungen.',
    daysAgo: 5,
  },
  {
    title: 'Maintenance Engineer',
    locale: 'en_GB',
    field: 'engineering',
    location: 'Werk Hamburg',
    employment_type: 'full_time',
    availableInDays: 60,
    tasks: ['Keep our production lines running', 'Plan preventive maintenance', 'Train operators'],
    profile: 'A degree or master craftsman in mechatronics; shift work does not put you off.',
    offer: 'Shift allowances, a modern workshop and paid certifications.',
    daysAgo: 6,
  },
  {
    title: 'Sachbearbeitung Buchhaltung',
    locale: 'de_DE',
    field: 'finance',
    location: 'Standort München',
    employment_type: 'part_time',
    availableInDays: 30,
    tasks: ['Kreditorenbuchhaltung', 'Vorbereitung des Monatsabschlusses'],
    profile: 'Kaufmännische Ausbildung, sicher in DATEV und Excel.',
    offer: 'Teilzeit zwischen 20 und 30 Stunden, gern am Vormittag.',
    daysAgo: 8,
  },
  {
    title: 'HR Business Partner',
    locale: 'en_GB',
    field: 'human_resources',
    location: 'Zentrale Berlin',
    employment_type: 'full_time',
    availableInDays: 90,
    tasks: ['Advise managers on every people topic', 'Lead the yearly reviews', 'Improve onboarding'],
    profile: 'Experience in HR and in German labour law; a good listener.',
    offer: 'A hybrid role with room to shape how we work.',
    daysAgo: 10,
  },
  {
    title: 'Kundenservice-Mitarbeiter (m/w/d)',
    locale: 'de_DE',
    field: 'customer_service',
    location: 'Lager Leipzig',
    employment_type: 'full_time',
    availableInDays: null,
    tasks: ['Anfragen per Telefon und E-Mail beantworten', 'Reklamationen bearbeiten'],
    profile: 'Freundlichkeit am Telefon und Geduld, gern Erfahrung im Kundenservice.',
    offer: 'Eine gründliche Einarbeitung und ein festes Team.',
    daysAgo: 12,
  },
  {
    title: 'Produktionshelfer für den Minijob',
    locale: 'de_DE',
    field: 'production',
    location: 'Werk Hamburg',
    employment_type: 'mini_job',
    availableInDays: 14,
    tasks: ['Verpacken fertiger Teile', 'Sichtprüfung'],
    profile: 'Sorgfalt und Verlässlichkeit; Vorkenntnisse sind nicht nötig.',
    offer: 'Feste Samstagsschichten und ein faires Stundenentgelt.',
    daysAgo: 14,
  },
  {
    title: 'Research Intern Materials Science',
    locale: 'en_GB',
    field: 'research',
    location: 'Standort München',
    employment_type: 'internship',
    availableInDays: 120,
    tasks: ['Run material tests in our lab', 'Document and present results'],
    profile: 'Enrolled in materials science, physics or chemistry.',
    offer: 'Six months with a mentor and a paid internship.',
    daysAgo: 16,
  },
  {
    title: 'Betriebsärztliche Assistenz',
    locale: 'de_DE',
    field: 'healthcare',
    location: 'Standort München',
    employment_type: 'part_time',
    availableInDays: 60,
    tasks: ['Vorsorgeuntersuchungen vorbereiten', 'Sprechstunden organisieren'],
    profile: 'Ausbildung als Medizinische Fachangestellte oder vergleichbar.',
    offer: 'Geregelte Arbeitszeiten ohne Wochenenddienste.',
    daysAgo: 20,
  },
  {
    title: 'Office Manager',
    locale: 'en_GB',
    field: 'administration',
    location: 'Zentrale Berlin',
    employment_type: 'full_time',
    availableInDays: 21,
    tasks: ['Run the front desk and visitors', 'Organise travel and events'],
    profile: 'Organised, friendly and good with German and English.',
    offer: 'A central office with a roof terrace and a public transport ticket.',
    daysAgo: 25,
  },
  {
    title: 'IT-Support im Lager (Entwurf)',
    locale: 'de_DE',
    field: 'it',
    location: 'Lager Leipzig',
    employment_type: 'full_time',
    availableInDays: null,
    tasks: ['Scanner und Drucker betreuen'],
    profile: 'Noch in Abstimmung.',
    offer: 'Noch in Abstimmung.',
    daysAgo: 0,
    state: 'draft',
  },
];

const day = 24 * 3600 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The demo picture palette of a field (seed/article-images.ts). */
const paletteOf = (field: JobField) =>
  field === 'it'
    ? 'it'
    : field === 'human_resources'
      ? 'people'
      : field === 'marketing'
        ? 'events'
        : 'company';

/**
 * Seeds the demo jobs after the demo locations (seed/ratings.ts), oldest first; with a file store each
 * gets a demo picture, uploaded as the administrator's.
 */
export async function seedDemoJobs(
  db: Db,
  adminId: number,
  storage?: ObjectStore,
  now = new Date(),
): Promise<void> {
  const ordered = [...demoJobs].sort((a, b) => b.daysAgo - a.daysAgo);
  for (const [index, job] of ordered.entries()) {
    const state = job.state ?? 'open';
    const imageId = storage
      ? await seedArticleImage(db, storage, adminId, paletteOf(job.field), index + 7)
      : null;
    await createJobAs(db, {
      title: job.title,
      locale: job.locale,
      field: job.field,
      location_id: (await locationIdByName(db, job.location)) ?? null,
      employment_type: job.employment_type,
      available_in:
        job.availableInDays === null ? null : isoDay(new Date(now.getTime() + job.availableInDays * day)),
      tasks: job.tasks,
      profile: job.profile,
      offer: job.offer,
      state,
      published_at: state === 'draft' ? null : new Date(now.getTime() - job.daysAgo * day),
      image_id: imageId,
    });
  }
}
