/** Word lists the generated community is made of (German and English, as in a mixed workforce). */

export const firstnames = [
  'Anna',
  'Lukas',
  'Sophie',
  'Jonas',
  'Lea',
  'Max',
  'Hannah',
  'Felix',
  'Mia',
  'Paul',
  'Emma',
  'Leon',
  'Marie',
  'Finn',
  'Lena',
  'Noah',
  'Clara',
  'Elias',
  'Ida',
  'Ben',
  'Oliver',
  'Amelia',
  'Harry',
  'Isla',
  'Jack',
  'Olivia',
  'George',
  'Ava',
  'Ayşe',
  'Mehmet',
  'Zofia',
  'Piotr',
];

export const lastnames = [
  'Schneider',
  'Weber',
  'Müller',
  'Fischer',
  'Wagner',
  'Becker',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hartmann',
  'Lange',
  'Werner',
  'Bennett',
  'Hughes',
  'Clarke',
  'Patel',
  'Murphy',
  'Walsh',
  'Yilmaz',
  'Kowalski',
  'Nowak',
  'Costa',
];

export const positions = [
  'Softwareentwickler',
  'Softwareentwicklerin',
  'Product Manager',
  'Buchhalterin',
  'Data Analyst',
  'Recruiter',
  'Vertriebsleiter',
  'UX Designer',
  'DevOps Engineer',
  'Controller',
  'Projektleiterin',
  'Teamleiter Logistik',
  'Key Account Manager',
  'Juristin',
  'Werkstudent',
  'Marketing Manager',
  'HR Business Partner',
  'Einkäufer',
];

export const locations = [
  'Berlin',
  'Hamburg',
  'München',
  'Köln',
  'Frankfurt am Main',
  'Leipzig',
  'Stuttgart',
  'Düsseldorf',
  'London',
  'Dublin',
  'Wien',
  'Zürich',
];

export const areas = ['IT', 'Finanzen', 'Marketing', 'Vertrieb', 'People & Culture', 'Logistik', 'Recht'];

export const skills = [
  'SQL',
  'Python',
  'TypeScript',
  'Excel',
  'SAP',
  'Scrum',
  'Verhandlung',
  'Kubernetes',
  'Figma',
  'Controlling',
  'Java',
  'Projektmanagement',
  'Präsentation',
  'Buchhaltung',
  'Power BI',
  'Arbeitsrecht',
];

export const languages = [
  'Deutsch',
  'Englisch',
  'Französisch',
  'Spanisch',
  'Polnisch',
  'Türkisch',
  'Italienisch',
];

export const specialTasks = [
  'Ersthelfer',
  'Brandschutzhelferin',
  'Datenschutz',
  'Betriebsrat',
  'Mentoring',
  'Ausbildung',
];

export const hobbies = ['Segeln', 'Klettern', 'Schach', 'Laufen', 'Kochen', 'Fotografie', 'Gitarre', 'Yoga'];

export const companies = ['Nordlicht GmbH', 'Hansa Logistik AG', 'Blau & Partner', 'Acme Ltd'];

/** Group names: an adjective and a subject, made unique by the group's number. */
export const groupAdjectives = ['Team', 'Projekt', 'Netzwerk', 'Stammtisch', 'Arbeitskreis', 'Community'];
export const groupSubjects = [
  'Kundenservice',
  'Nachhaltigkeit',
  'Cloud-Migration',
  'Laufgruppe',
  'Onboarding',
  'Innovation',
  'Vertrieb Nord',
  'Datenschutz',
  'Fotografie',
  'Betriebsfest',
  'Azubis',
  'Führungskräfte',
  'Mobile App',
  'Qualität',
  'Einkauf',
];

export const topicNames = [
  'Allgemeines',
  'Termine',
  'Fragen & Antworten',
  'Ideen',
  'Protokolle',
  'Links',
  'Ankündigungen',
  'Feedback',
];

/** Names of group files (each followed by the group and a number); "Meeting" also in posts (`subjects`). */
export const fileNames = [
  'Protokoll Meeting',
  'Quartalsbericht',
  'Dienstplan',
  'Präsentation',
  'Budgetplanung',
  'Checkliste Onboarding',
  'Leitfaden',
  'Schulungsunterlagen',
  'Projektplan',
  'Meeting Notes',
];

/** Post and comment sentences, put together from an opening, a subject and a closing. */
export const openings = [
  'Kurzes Update:',
  'Hallo zusammen,',
  'Quick question:',
  'Heads-up:',
  'Danke an alle,',
  'Zur Info:',
  'Good news:',
  'Erinnerung:',
];
export const subjects = [
  'das Release ist heute live gegangen',
  'die Kantine hat ab Montag neue Öffnungszeiten',
  'the quarterly numbers are in the shared folder',
  'wir suchen noch Freiwillige für den Sommerlauf',
  'das Meeting am Donnerstag fällt aus',
  'the new onboarding checklist is ready for review',
  'die Parkplätze im Hof werden neu vergeben',
  'unser Team hat den Kundenpreis gewonnen',
  'the VPN maintenance window starts at 22:00',
  'die Schulung zu Datenschutz ist jetzt online',
];
export const closings = [
  'Fragen gerne in die Kommentare.',
  'Let me know what you think.',
  'Details folgen.',
  'Vielen Dank für eure Unterstützung!',
  'See you there.',
  'Bitte bis Freitag Bescheid geben.',
];
/** Words few posts hold (a postscript in about one post in 10,000): the search's rare words. */
export const rareWords = [
  'Zeppelinwerft',
  'Quokka',
  'Murmeltierbau',
  'Kalligraphie',
  'Schaufelraddampfer',
  'Axolotl',
  'Tiefseeanglerfisch',
  'Wolpertinger',
];
export const commentTexts = [
  'Super, danke!',
  'Great work, everyone.',
  'Bin dabei.',
  'Gibt es dazu eine Aufzeichnung?',
  'Thanks for the heads-up.',
  'Sehr gut zusammengefasst.',
  'Can we move this to next week?',
  'Daumen hoch!',
  'Wo finde ich die Unterlagen?',
  'Count me in.',
];

export const articleTitles = [
  'Unser neues Büro in Leipzig',
  'Quarterly results: a strong summer',
  'Sommerfest 2026: alle Infos',
  'Interview mit unserer neuen Geschäftsführerin',
  'IT-Sicherheit: fünf Tipps für den Alltag',
  'Welcome to our new colleagues',
  'Nachhaltigkeitsbericht veröffentlicht',
  'Der Betriebsrat informiert',
];

export const categories = [
  { key: 'company', de_DE: 'Unternehmen', en_GB: 'Company' },
  { key: 'people', de_DE: 'Menschen', en_GB: 'People' },
  { key: 'it', de_DE: 'IT', en_GB: 'IT' },
  { key: 'events', de_DE: 'Veranstaltungen', en_GB: 'Events' },
  { key: 'sustainability', de_DE: 'Nachhaltigkeit', en_GB: 'Sustainability' },
  { key: 'works-council', de_DE: 'Betriebsrat', en_GB: 'Works council' },
];
