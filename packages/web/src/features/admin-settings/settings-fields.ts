import { directoryOrders, groupTabs, locales, profileSectionVariants } from '@plaza/contract/constants';
import { includedProfileFields, legalPageTypes } from '@plaza/contract/settings';

/** How a setting is edited. */
export type SettingField =
  | { path: string; kind: 'switch' }
  | { path: string; kind: 'text'; nullable?: boolean }
  | { path: string; kind: 'page' }
  | { path: string; kind: 'select'; options: readonly string[] }
  | { path: string; kind: 'choices'; options: readonly string[] }
  | { path: string; kind: 'order'; options: readonly string[] }
  | { path: string; kind: 'search_fields' };

/**
 * Every flag and option of the settings object, in groups. Its label and one-line meaning are texts
 * `admin-settings.fields.<path with _>.label|help`. Branding (name, colours, images), sign-up and login
 * have their own pages; the push key and `single_sign_on` (the sign-in providers decide it) are the
 * server's own.
 */
export const settingGroups: { key: string; fields: SettingField[] }[] = [
  {
    key: 'general',
    fields: [
      { path: 'show_system_notification_message', kind: 'switch' },
      { path: 'show_cookie_layer', kind: 'switch' },
      { path: 'author_function', kind: 'switch' },
      { path: 'jobs_option.receiver_email', kind: 'text' },
    ],
  },
  {
    key: 'languages',
    fields: [
      { path: 'default_language', kind: 'select', options: locales },
      { path: 'languages', kind: 'choices', options: locales },
      { path: 'show_language_changer', kind: 'switch' },
    ],
  },
  {
    key: 'stream',
    fields: [
      { path: 'allow_posts_without_grp_and_topic', kind: 'switch' },
      { path: 'stream_options.group_image_required', kind: 'switch' },
      { path: 'show_occasions_slider', kind: 'switch' },
    ],
  },
  {
    key: 'groups',
    fields: [
      { path: 'update_group_name', kind: 'switch' },
      { path: 'show_default_group_placeholder_image', kind: 'switch' },
      { path: 'group_options.group_tabs_order', kind: 'order', options: groupTabs },
    ],
  },
  {
    key: 'profile',
    fields: [
      { path: 'profile_options.profile_section_variant', kind: 'select', options: profileSectionVariants },
      { path: 'show_birth_year_checkbox', kind: 'switch' },
      ...includedProfileFields.map(
        (field) => ({ path: `profile_options.included_profile_${field}`, kind: 'switch' }) as const,
      ),
    ],
  },
  {
    key: 'directory',
    fields: [
      { path: 'base_options.show_users_in_order', kind: 'select', options: directoryOrders },
      { path: 'show_user_overview_contact_button', kind: 'switch' },
    ],
  },
  {
    key: 'search',
    fields: [
      { path: 'advanced_search.type', kind: 'select', options: ['basic', 'extended'] },
      { path: 'advanced_search.fields', kind: 'search_fields' },
    ],
  },
  {
    key: 'legal',
    fields: [
      { path: 'pages.landing', kind: 'page' },
      ...legalPageTypes.map((type) => ({ path: `pages.${type}`, kind: 'page' }) as const),
      { path: 'legal_pages_order', kind: 'order', options: legalPageTypes },
      { path: 'base_options.show_legal_footer_on_meta', kind: 'switch' },
    ],
  },
];

/** The text key of a setting's label or meaning. */
export const fieldText = (path: string, part: 'label' | 'help') =>
  `admin-settings.fields.${path.replaceAll('.', '__')}.${part}`;
