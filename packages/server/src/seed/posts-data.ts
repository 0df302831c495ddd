/** Demo news articles and posts (German and English mixed, as in a bilingual company). */

export interface DemoArticle {
  title: string;
  teaser: string;
  content: string;
  daysAgo: number;
  category: 'company' | 'people' | 'it' | 'events';
  featured: boolean;
  comments: boolean;
  likes: boolean;
  authorName: string;
}

export const demoCategories = {
  company: { de_DE: 'Unternehmen', en_GB: 'Company' },
  people: { de_DE: 'Menschen', en_GB: 'People' },
  it: { de_DE: 'IT & Tools', en_GB: 'IT & tools' },
  events: { de_DE: 'Veranstaltungen', en_GB: 'Events' },
} as const;

export const demoArticles: DemoArticle[] = [
  {
    title: 'Neuer Standort in Leipzig eröffnet',
    teaser:
      'Ab dem 1. des Monats arbeiten 40 Kolleginnen und Kollegen in unserem neuen Büro am Augustusplatz.',
    content:
      '<p>Nach acht Monaten Umbau ist es so weit: Unser Büro in <strong>Leipzig</strong> öffnet seine Türen.</p><p>Auf drei Etagen gibt es 60 Arbeitsplätze, zwei Projekträume und eine Dachterrasse. Die Teams aus Vertrieb Ost und Kundenservice ziehen zuerst ein.</p><ul><li>Tag der offenen Tür: Freitag, 14 Uhr</li><li>Parkplätze: Tiefgarage am Augustusplatz</li></ul>',
    daysAgo: 1,
    category: 'company',
    featured: true,
    comments: true,
    likes: true,
    authorName: 'Interne Kommunikation',
  },
  {
    title: 'Our results for the first half-year',
    teaser: 'Revenue up 8 %, two new markets and a record customer satisfaction score.',
    content:
      '<p>The first half-year closed with <strong>revenue up 8 %</strong> on last year. We entered Austria and the Netherlands, and our customer satisfaction score reached 4.6 out of 5.</p><blockquote>Thank you to every team that made this possible.</blockquote><p>The full report is on the intranet finance page.</p>',
    daysAgo: 3,
    category: 'company',
    featured: true,
    comments: true,
    likes: true,
    authorName: 'Executive Board',
  },
  {
    title: 'Sommerfest 2026: Save the date',
    teaser: 'Am 4. Juli feiern wir im Stadtpark – mit Familie, Foodtrucks und Live-Band.',
    content:
      '<p>Unser Sommerfest findet am <strong>4. Juli ab 15 Uhr</strong> im Stadtpark statt. Partnerinnen, Partner und Kinder sind herzlich willkommen.</p><p>Es gibt Foodtrucks, eine Hüpfburg und ab 19 Uhr die Band <em>Die Kantinenkapelle</em>.</p>',
    daysAgo: 5,
    category: 'events',
    featured: true,
    comments: true,
    likes: true,
    authorName: 'Interne Kommunikation',
  },
  {
    title: 'Password manager for everyone',
    teaser: 'From next week every employee gets a licence for our company password manager.',
    content:
      '<p>Weak and reused passwords are still the most common way into company systems. From next week, <strong>every employee</strong> gets a licence for our password manager.</p><ol><li>Install the browser extension from the software centre.</li><li>Sign in with your company account.</li><li>Import your saved browser passwords.</li></ol><p>Questions? Ask the IT service desk.</p>',
    daysAgo: 8,
    category: 'it',
    featured: false,
    comments: true,
    likes: true,
    authorName: 'IT Security',
  },
  {
    title: 'Willkommen an Bord: 12 neue Kolleginnen und Kollegen',
    teaser: 'Im Mai haben zwölf neue Kolleginnen und Kollegen bei uns angefangen.',
    content:
      '<p>Im Mai sind zwölf neue Kolleginnen und Kollegen zu uns gestoßen – in Entwicklung, Vertrieb, Personal und Logistik.</p><p>Sagt Hallo, wenn ihr sie in der Kantine trefft!</p>',
    daysAgo: 11,
    category: 'people',
    featured: false,
    comments: true,
    likes: true,
    authorName: 'Personalabteilung',
  },
  {
    title: 'Update on the new travel policy',
    teaser: 'Train before plane for trips under 600 km, starting next quarter.',
    content:
      '<p>Starting next quarter, trips under <strong>600 km</strong> are booked by train. First class is allowed for trips over three hours.</p><p>This policy is binding and not open for discussion here; please send questions to the travel office.</p>',
    daysAgo: 15,
    category: 'company',
    featured: false,
    comments: false,
    likes: true,
    authorName: 'Travel Office',
  },
  {
    title: 'Wartungsfenster am Samstag',
    teaser: 'Am Samstag zwischen 6 und 10 Uhr sind E-Mail und VPN nicht erreichbar.',
    content:
      '<p>Am Samstag zwischen <strong>6 und 10 Uhr</strong> aktualisieren wir die Server für E-Mail und VPN. In dieser Zeit sind beide Dienste nicht erreichbar.</p>',
    daysAgo: 18,
    category: 'it',
    featured: false,
    comments: false,
    likes: false,
    authorName: 'IT-Betrieb',
  },
  {
    title: 'Volunteering day: 230 hours for the community',
    teaser: 'Teams planted trees, painted a kindergarten and cooked for the food bank.',
    content:
      '<p>On our volunteering day, 58 colleagues gave <strong>230 hours</strong> to local projects: 120 trees planted, a kindergarten painted and 300 meals cooked for the food bank.</p><p>Next date: October. Sign-up opens in September.</p>',
    daysAgo: 22,
    category: 'people',
    featured: false,
    comments: true,
    likes: true,
    authorName: 'Corporate Responsibility',
  },
];

/**
 * Demo posts. `author` and `mentions` are indexes into the demo members (by id); `group` and `topic`
 * are names from the groups seed (none: a post for everyone). `{m0}` in the text is the first mention.
 */
export interface DemoPost {
  author: number;
  group?: string;
  topic?: string;
  text: string;
  mentions?: number[];
  hoursAgo: number;
  likes: number[];
  comments: { author: number; text: string }[];
}

export const demoPosts: DemoPost[] = [
  {
    author: 3,
    group: 'Running Club',
    topic: 'Spring half marathon',
    text: '<p>Team registration closes on Friday! {m0}, are you in this year? 🏃‍♀️</p>',
    mentions: [5],
    hoursAgo: 2,
    likes: [0, 5, 8, 12],
    comments: [
      { author: 5, text: 'Count me in, aiming for under two hours 💪' },
      { author: 12, text: 'Ich bin auch dabei!' },
    ],
  },
  {
    author: 8,
    group: 'Running Club',
    topic: 'Tuesday evening runs',
    text: '<p>Heute Abend 10 km entlang der Elbe – Treffpunkt wie immer am Haupteingang um 18 Uhr.</p>',
    hoursAgo: 26,
    likes: [3, 17],
    comments: [],
  },
  {
    author: 9,
    group: 'Book Circle',
    topic: 'Currently reading',
    text: '<p>Halfway through the lighthouse novel – the storm chapter is <em>incredible</em>. No spoilers please, {m0}!</p>',
    mentions: [14],
    hoursAgo: 5,
    likes: [1, 14],
    comments: [{ author: 14, text: 'I finished it last night. My lips are sealed 🤐' }],
  },
  {
    author: 10,
    group: 'Photography',
    topic: 'Photo walk in the old town',
    text: '<p>Wetter sieht gut aus für Samstag ☀️ Wir starten um 9 Uhr am Marktplatz. Tipps zur Blende gibt es vor Ort.</p>',
    hoursAgo: 9,
    likes: [2, 7, 19],
    comments: [
      { author: 19, text: 'Kann ich auch mit dem Handy mitkommen?' },
      { author: 10, text: 'Na klar!' },
    ],
  },
  {
    author: 6,
    group: 'Product Guild',
    topic: 'Roadmap review Q3',
    text: '<p>Draft roadmap for Q3 is ready for review. {m0} and {m1}, could you look at the onboarding items before Thursday?</p><ul><li>Self-service onboarding</li><li>New reporting dashboard</li></ul>',
    mentions: [11, 15],
    hoursAgo: 20,
    likes: [11],
    comments: [{ author: 15, text: 'On it, comments by Wednesday.' }],
  },
  {
    author: 0,
    group: 'Leadership Circle',
    topic: 'Feedback culture',
    text: '<p>Vertraulich: Die Ergebnisse der Mitarbeiterbefragung liegen vor. {m0}, lass uns die Zahlen vor dem Treffen besprechen.</p>',
    mentions: [13],
    hoursAgo: 30,
    likes: [3, 13],
    comments: [],
  },
  {
    author: 13,
    group: 'Sustainability Team',
    topic: 'Bike to work month',
    text: '<p>Halbzeit beim Bike-to-work-Monat: 1.240 km sind schon zusammengekommen 🚲🌱</p>',
    hoursAgo: 48,
    likes: [16, 23, 27],
    comments: [{ author: 23, text: 'Super! Nächste Woche lege ich noch eine Schippe drauf.' }],
  },
  {
    author: 2,
    group: 'Berlin Office',
    topic: 'Summer party',
    text: '<p>Wer hilft beim Aufbau für das Sommerfest? Wir brauchen noch 4 Leute für Freitag ab 13 Uhr.</p>',
    hoursAgo: 54,
    likes: [5, 18],
    comments: [{ author: 18, text: 'Ich komme!' }],
  },
  {
    author: 20,
    text: '<p>Found a blue umbrella in meeting room 3.12 – it is waiting at the reception desk ☂️</p>',
    hoursAgo: 4,
    likes: [1],
    comments: [],
  },
  {
    author: 7,
    text: '<p>Danke an das IT-Team für die schnelle Hilfe beim Laptop-Tausch heute Morgen! 🙏 {m0}</p>',
    mentions: [4],
    hoursAgo: 28,
    likes: [4, 9, 22],
    comments: [{ author: 4, text: 'Gern geschehen!' }],
  },
];

/** Comments and likes on the demo articles (by article index). */
export const demoArticleReactions: {
  article: number;
  likes: number[];
  comments: { author: number; text: string }[];
}[] = [
  {
    article: 0,
    likes: [1, 2, 5, 9, 12],
    comments: [{ author: 2, text: 'Endlich! Die Dachterrasse sieht toll aus.' }],
  },
  { article: 1, likes: [0, 3, 6, 13], comments: [{ author: 6, text: 'Great work, everyone.' }] },
  {
    article: 2,
    likes: [4, 7, 10, 14, 19, 22],
    comments: [
      { author: 19, text: 'Gibt es auch vegetarische Foodtrucks?' },
      { author: 10, text: 'Ja, zwei von vier sind vegetarisch.' },
    ],
  },
  { article: 3, likes: [8, 11], comments: [{ author: 11, text: 'Does it work on Linux too?' }] },
  { article: 5, likes: [16], comments: [] },
];
