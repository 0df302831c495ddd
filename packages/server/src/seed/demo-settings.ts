import type { CookieConfig, SettingsInput } from '@plaza/contract';

/** The demo deployment's settings: a fictional company with accessible brand colours. */
export const demoSettings: SettingsInput = {
  meta_title: 'Nordlicht Plaza',
  company: { name: 'Nordlicht GmbH', logo_url: null },
  theme_variant: 'light',
  theme: { primary_color: '#1f5fa8', secondary_color: '#b3400a' },
  author_function: true,
  show_birth_year_checkbox: true,
  group_options: { group_tabs_order: ['topics', 'members', 'files', 'info'] },
  show_occasions_slider: true,
  update_group_name: true,
  show_system_notification_message: false,
  show_user_overview_contact_button: true,
  show_cookie_layer: true,
  show_company_logo: true,
  show_language_changer: true,
  show_default_group_placeholder_image: true,
  allow_posts_without_grp_and_topic: true,
  stream_options: { group_image_required: false },
  jobs_option: { receiver_email: 'jobs@example.com' },
  // CMS page ids of the legal pages; seedLegalPages stores them and sets the ids it got.
  pages: { landing: null, terms: 1, imprint: 2, privacy: 3, q_and_a: 4 },
  profile_options: { profile_section_variant: 'default' },
  base_options: { show_users_in_order: 'lastname', show_legal_footer_on_meta: true },
  advanced_search: {
    type: 'extended',
    // No names of its own: the search bar names the fields in the viewer's language.
    fields: [
      { field_id: 'position', name: '' },
      { field_id: 'locations', name: '' },
      { field_id: 'special_tasks', name: '' },
    ],
  },
  legal_pages_order: ['imprint', 'privacy', 'terms', 'q_and_a'],
  signup_configuration: { active: true, type: 'advanced', active_login_types: [] },
  login_options: { login_identifier: 'username' },
};

/** Cookie categories and providers of the demo deployment. */
export const demoCookieConfig: CookieConfig = {
  cookie_types: [
    {
      id: 1,
      name: { de_DE: 'Notwendig', en_GB: 'Necessary' },
      description: {
        de_DE:
          'Diese Cookies braucht die Seite, um zu funktionieren: Anmeldung, Sicherheit und Ihre Cookie-Wahl.',
        en_GB: 'The site needs these cookies to work: sign-in, security and your cookie choice.',
      },
      required: true,
    },
    {
      id: 2,
      name: { de_DE: 'Statistik', en_GB: 'Statistics' },
      description: {
        de_DE: 'Helfen uns zu verstehen, wie die Seite genutzt wird, ohne Sie persönlich zu identifizieren.',
        en_GB: 'Help us understand how the site is used, without identifying you personally.',
      },
      required: false,
    },
    {
      id: 3,
      name: { de_DE: 'Externe Medien', en_GB: 'External media' },
      description: {
        de_DE: 'Erlauben eingebettete Videos und Karten von anderen Anbietern.',
        en_GB: 'Allow embedded videos and maps from other providers.',
      },
      required: false,
    },
  ],
  items: [
    {
      cookie_type: 1,
      provider: [
        {
          name: 'Plaza',
          description: {
            de_DE: 'Sitzung, Schutz vor Fälschungen, Cookie-Wahl.',
            en_GB: 'Session, forgery protection, cookie choice.',
          },
          cookies: ['plaza_session', 'plaza_csrf', 'cdisc', 'track_all', 'cookie_config'],
          service_id: 'plaza',
        },
      ],
    },
    {
      cookie_type: 2,
      provider: [
        {
          name: 'Matomo',
          description: {
            de_DE: 'Selbst betriebene, anonymisierte Statistik.',
            en_GB: 'Self-hosted, anonymised statistics.',
          },
          cookies: ['_pk_id', '_pk_ses'],
          service_id: 'matomo',
        },
      ],
    },
    {
      cookie_type: 3,
      provider: [
        {
          name: 'YouTube',
          description: { de_DE: 'Eingebettete Videos.', en_GB: 'Embedded videos.' },
          cookies: ['VISITOR_INFO1_LIVE', 'YSC'],
          service_id: 'youtube',
        },
      ],
    },
  ],
  provider_type_to_cookie_type_mapping: { plaza: 1, matomo: 2, youtube: 3 },
};
