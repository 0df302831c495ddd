/** A member of the demo community: realistic names, roles and dates so a first start looks alive. */
export interface DemoPerson {
  firstname: string;
  lastname: string;
  position: string;
  location: string;
  tasks: string[];
  areas: string[];
  skills: string[];
  languages: string[];
  /** Values of the demo custom profile fields (see `demo-profile-fields.ts`), by field key. */
  custom: { department: string; hobbies: string; certifications: string[] };
  /** YYYY-MM-DD */
  birthday: string;
  birthYearVisible: boolean;
  /** YYYY-MM-DD */
  entry: string;
  gender: 'female' | 'male' | 'diverse';
  language: 'de_DE' | 'en_GB';
}
