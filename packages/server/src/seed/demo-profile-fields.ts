import type { Db } from '../db/client';
import { profileFields, userProfileFieldValues } from '../db/schema';

type Labels = { de_DE: string; en_GB: string };

/** The demo deployment's custom profile fields: a filterable department, searchable hobbies, certifications. */
export const demoProfileFields: {
  key: 'department' | 'hobbies' | 'certifications';
  type: 'text' | 'select' | 'multiselect';
  labels: Labels;
  options: { value: string; labels: Labels }[];
  searchable: boolean;
  filterable: boolean;
}[] = [
  {
    key: 'department',
    type: 'select',
    labels: { de_DE: 'Abteilung', en_GB: 'Department' },
    options: [
      { value: 'management', labels: { de_DE: 'Geschäftsführung', en_GB: 'Management' } },
      { value: 'hr', labels: { de_DE: 'Personal', en_GB: 'Human resources' } },
      { value: 'it', labels: { de_DE: 'IT', en_GB: 'IT' } },
      { value: 'product', labels: { de_DE: 'Produkt', en_GB: 'Product' } },
      { value: 'sales', labels: { de_DE: 'Vertrieb', en_GB: 'Sales' } },
      { value: 'marketing', labels: { de_DE: 'Marketing', en_GB: 'Marketing' } },
      { value: 'finance', labels: { de_DE: 'Finanzen', en_GB: 'Finance' } },
      { value: 'legal', labels: { de_DE: 'Recht', en_GB: 'Legal' } },
      { value: 'operations', labels: { de_DE: 'Logistik', en_GB: 'Operations' } },
      { value: 'support', labels: { de_DE: 'Kundenservice', en_GB: 'Customer service' } },
    ],
    searchable: true,
    filterable: true,
  },
  {
    key: 'hobbies',
    type: 'text',
    labels: { de_DE: 'Hobbys', en_GB: 'Hobbies' },
    options: [],
    searchable: true,
    filterable: false,
  },
  {
    key: 'certifications',
    type: 'multiselect',
    labels: { de_DE: 'Zertifikate', en_GB: 'Certifications' },
    options: [
      { value: 'scrum', labels: { de_DE: 'Scrum Master', en_GB: 'Scrum Master' } },
      { value: 'aws', labels: { de_DE: 'AWS Certified', en_GB: 'AWS Certified' } },
      { value: 'itil', labels: { de_DE: 'ITIL Foundation', en_GB: 'ITIL Foundation' } },
      { value: 'first_aid', labels: { de_DE: 'Ersthelfer', en_GB: 'First aider' } },
      { value: 'gdpr', labels: { de_DE: 'Datenschutzbeauftragte', en_GB: 'Data protection officer' } },
    ],
    searchable: true,
    filterable: true,
  },
];

/** Creates the demo custom profile fields; returns their ids by key. */
export async function seedDemoProfileFields(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .insert(profileFields)
    .values(demoProfileFields.map((field, position) => ({ ...field, position })))
    .returning({ id: profileFields.id, key: profileFields.key });
  return Object.fromEntries(rows.map((row) => [row.key, row.id]));
}

/** Stores a member's values of the demo fields (empty ones left out). */
export async function seedDemoFieldValues(
  db: Db,
  fieldIds: Record<string, number>,
  userId: number,
  custom: { department: string; hobbies: string; certifications: string[] },
): Promise<void> {
  const values = [
    { key: 'department', values: [custom.department] },
    { key: 'hobbies', values: [custom.hobbies] },
    { key: 'certifications', values: custom.certifications },
  ].filter((entry) => entry.values.length > 0 && entry.values.every(Boolean) && fieldIds[entry.key]);
  if (values.length === 0) return;
  await db
    .insert(userProfileFieldValues)
    .values(
      values.map((entry) => ({ user_id: userId, field_id: fieldIds[entry.key]!, values: entry.values })),
    );
}
