import { cookies as cookieNames, csrfHeader } from '@plaza/contract/constants';
import type { DemoServer } from './demo-server';

/** A page Lighthouse opens: its address and the cookies the browser holds before it opens it. */
export interface LighthousePage {
  name: string;
  path: string;
  cookies: Record<string, string>;
}

/** The cookie choice a member made at an earlier visit: the cookie dialog stays closed. */
const consent = { cdisc: '1', cookie_config: '1', track_all: '0' };

type Json = Record<string, unknown>;

async function api(
  server: DemoServer,
  jar: Record<string, string>,
  path: string,
  body?: Json,
): Promise<Json> {
  const cookie = Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const csrf = jar[cookieNames.csrf] ?? '';
  const response = await fetch(`${server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { cookie, ...(body ? { 'content-type': 'application/json', [csrfHeader]: csrf } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Json;
}

function results(answer: Json): Json[] {
  return (answer.results as Json[] | undefined) ?? [];
}

function first<T>(items: T[], what: string, test: (item: T) => boolean = () => true): T {
  const found = items.find(test);
  if (!found) throw new Error(`the demo content has no ${what} for Lighthouse to open`);
  return found;
}

/**
 * Every route of the app on the demo content, in German: the visitor's pages without cookies (the sign-in
 * page of a first visit, with its cookie dialog), the member's pages as `anna.schneider`, the
 * administration's as a superadmin, and the TV with a display key. Ids come from the demo's API answers.
 */
export async function lighthousePages(server: DemoServer): Promise<LighthousePage[]> {
  const member = server.memberCookies;
  const admin = server.adminCookies;
  const legal = results(await api(server, member, '/api/v2/legal_pages'));
  const imprint = first(legal, 'imprint', (page) => page.type_string === 'imprint');
  const groups = results(await api(server, member, '/api/v2/groups?per_page=20'));
  const group = first(
    groups,
    'group of the member',
    (item) => (item.membership as Json | null)?.status === 'accepted',
  );
  const stream = results(await api(server, member, '/api/v2/news?per_page=50'));
  const topicPost = first(stream, 'post in a topic', (item) => item.topic != null);
  const article = first(stream, 'article', (item) => (item.meta as Json).type !== 'post');
  const [category] = results(await api(server, member, '/api/v2/news.filters')).flatMap((filter) =>
    filter.identifier === 'category' ? (filter.properties as Json[]) : [],
  );
  const people = results(await api(server, member, '/api/v2/users?per_page=5'));
  const colleague = first(people, 'other member', (person) => person.username !== 'anna.schneider');
  const pages = results(await api(server, admin, '/api/v2/admin/pages'));
  const cmsPage = first(pages, 'CMS page');
  const display = await api(server, admin, '/api/v2/tv/display_keys', { name: 'Lighthouse' });
  const job = first(results(await api(server, member, '/api/v2/jobs')), 'open job');
  const product = first(results(await api(server, admin, '/api/v2/admin/products')), 'product');
  const rating = first(
    results(await api(server, member, '/api/v2/ratings')),
    'shown rating',
    (item) => !item.hidden,
  );

  const visitor = (name: string, path: string): LighthousePage => ({ name, path, cookies: {} });
  const asMember = (name: string, path: string): LighthousePage => ({
    name,
    path,
    cookies: { ...member, ...consent },
  });
  const asAdmin = (name: string, path: string): LighthousePage => ({
    name,
    path,
    cookies: { ...admin, ...consent },
  });
  const topic = topicPost.topic as Json;
  const topicGroup = topicPost.group as Json;
  return [
    visitor('sign-in', '/de_DE/login'),
    visitor('forgot-password', '/de_DE/forgot_password'),
    visitor('registration', '/de_DE/registration'),
    { ...visitor('imprint', `/de_DE/page/${imprint.page_id}`), cookies: consent },
    asMember('dashboard', '/de_DE'),
    asMember('activity-feed', '/de_DE/activity_feed'),
    asMember('groups', '/de_DE/groups'),
    asMember('group', `/de_DE/groups/${group.id}`),
    asMember('topic', `/de_DE/groups/${topicGroup.id}/topics/${topic.id}`),
    asMember('news-article', `/de_DE/news/${article.item_id}`),
    asMember('news-category', `/de_DE/categories/${category?.id ?? 1}`),
    asMember('who-is-who', '/de_DE/who_is_who'),
    asMember('profile', `/de_DE/who_is_who/${colleague.id}`),
    asMember('follows', '/de_DE/follows'),
    asMember('occasions', '/de_DE/occasions'),
    asMember('jobs', '/de_DE/jobs'),
    asMember('job', `/de_DE/jobs/${job.id}`),
    asMember('ratings', '/de_DE/ratings'),
    asMember('rating', `/de_DE/ratings/${rating.id}`),
    asMember('shop', '/de_DE/shop'),
    asMember('cart', '/de_DE/cart'),
    asMember('orders', '/de_DE/shop/orders'),
    asMember('billing', '/de_DE/billing'),
    asMember('search-results', '/de_DE/search_results?q=Berlin'),
    asMember('change-password', '/de_DE/change_password'),
    asAdmin('members', '/de_DE/admin/members'),
    asAdmin('manage-pages', '/de_DE/admin/pages'),
    asAdmin('page-editor', `/de_DE/admin/pages/${cmsPage.id}`),
    asAdmin('manage-jobs', '/de_DE/admin/jobs'),
    asAdmin('job-editor', `/de_DE/admin/jobs/${job.id}`),
    asAdmin('manage-ratings', '/de_DE/admin/ratings'),
    asAdmin('manage-shop', '/de_DE/admin/shop'),
    asAdmin('product-editor', `/de_DE/admin/shop/${product.id}`),
    asAdmin('manage-subscriptions', '/de_DE/admin/subscriptions'),
    asAdmin('tv-displays', '/de_DE/admin/tv'),
    ...(
      ['settings', 'branding', 'menus', 'texts', 'cookies', 'signup', 'sso', 'history', 'audit'] as const
    ).map((section) => asAdmin(`admin-${section}`, `/de_DE/admin/${section}`)),
    visitor('tv', `/de_DE/bubbletool_tv?key=${encodeURIComponent(String(display.key))}`),
  ];
}
