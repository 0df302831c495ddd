import type { DemoPerson } from './demo-person';
import { peopleInGermany } from './people-germany';
import { peopleInUkAndIreland } from './people-uk-ireland';

/** The managing director, seeded last. */
const managingDirector: DemoPerson = {
  firstname: 'Thomas',
  lastname: 'Keller',
  position: 'Managing Director',
  location: 'Berlin',
  tasks: [],
  areas: ['Geschäftsführung'],
  skills: ['Strategie', 'Führung', 'Verhandlung'],
  languages: ['Deutsch', 'Englisch'],
  custom: { department: 'management', hobbies: 'Segeln, Jazz', certifications: [] },
  birthday: '1970-06-15',
  birthYearVisible: false,
  entry: '2005-01-01',
  gender: 'male',
  language: 'de_DE',
};

/** The demo community in the order the members are created (the first four appear on the demo pages). */
export const demoPeople: DemoPerson[] = [...peopleInGermany, ...peopleInUkAndIreland, managingDirector];
