import { endpoints } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { PageView, PreviewView } from './page-view';
import { testGallery, testPage } from './test-pages';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const route = (ui: React.ReactNode, path = '/en_GB/page/12') =>
  renderInApp(ui, { path, routePath: '/:lang/page/:id' });

describe('PageView', () => {
  it('shows the title, the text and the modules in order, with headings below the h1', async () => {
    stubFetch([
      answer(
        endpoints.pages.get,
        testPage({
          content: '<p>Our story</p>',
          modules: [
            {
              id: 'a',
              type: 'rich_text',
              data: { title: 'Mission', html: '<p>We build things.</p>' },
              cross_references: {},
            },
            {
              id: 'b',
              type: 'downloads',
              data: { files: [{ file_id: 1, title: 'Policy' }] },
              cross_references: {
                files: [
                  {
                    file_id: 1,
                    title: 'Policy',
                    type: 'application/pdf',
                    size: 482_133,
                    linkToDownload: '/api/v2/pages/12/files/1',
                  },
                ],
              },
            },
            {
              id: 'c',
              type: 'fundraising_widget',
              data: { title: 'Charity run', goal: 10_000, raised: 2_500, link: 'https://example.org/' },
              cross_references: {},
            },
          ],
        }),
        { params: { id: 12 } },
      ),
    ]);
    route(<PageView id={12} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(screen.getByText('Our story')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Mission',
      'Downloads',
      'Charity run',
    ]);
    const policy = screen.getByRole('link', { name: 'Policy' });
    expect(policy.getAttribute('href')).toBe('/api/v2/pages/12/files/1');
    expect(screen.getByText('PDF, 482.1 kB')).toBeTruthy();
    expect(screen.getByText('2,500 of 10,000 raised')).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: 'Fundraising progress' });
    expect(progress.getAttribute('aria-valuetext')).toBe('25.00% of the goal reached');
    expect(screen.getByRole('link', { name: /Learn more/ }).getAttribute('target')).toBe('_blank');
  });

  it('shows the employer-rating card in the reviews widget, and the shop teaser its products', async () => {
    stubFetch([
      answer(endpoints.ratings.card, { id: null, title: null, hidden: false, score: 4.2, ratings: 31 }),
      answer(endpoints.shop.products, {
        results: [
          {
            id: 1,
            name: 'Plaza mug',
            description: '',
            image: null,
            price: 1290,
            currency: 'EUR',
            tax_rate: 1900,
            options: [],
            available: true,
            stock_left: null,
          },
        ],
      }),
      answer(
        endpoints.pages.get,
        testPage({
          modules: [
            { id: 'r', type: 'reviews_widget', data: {}, cross_references: { ratings: [] } },
            { id: 's', type: 'shop_teaser', data: { title: 'Our shop' }, cross_references: { items: [] } },
          ],
        }),
        { params: { id: 12 } },
      ),
    ]);
    renderInApp(<PageView id={12} />, {
      path: '/en_GB/page/12',
      routePath: '/:lang/page/:id',
      user: sessionUser(5),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Employer ratings' })).toBeTruthy();
    expect(await screen.findByText('31 ratings')).toBeTruthy();
    expect(screen.getByRole('img', { name: '4.2 out of 5 stars' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Our shop' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Plaza mug' })).toBeTruthy();
    expect(screen.getByText('€12.90')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cart: Plaza mug' })).toBeTruthy();
  });

  it('shows an article with its date, likes and comments', async () => {
    stubFetch([
      answer(
        endpoints.pages.get,
        testPage({
          type: 'article',
          meta: { type: 'article' },
          title: 'Summer party',
          likes_allowed: true,
          comments_allowed: true,
          likes_count: 3,
          comments_count: 1,
        }),
        { params: { id: 12 } },
      ),
    ]);
    route(<PageView id={12} />);
    const title = await screen.findByRole('heading', { level: 1, name: 'Summer party' });
    expect(title.nextElementSibling?.textContent).toBe('20.11.2026 · 3 likes · 1 comment');
    expect(screen.getByRole('button', { name: '3 likes. Like' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('heading', { level: 2, name: '1 comment' })).toBeTruthy();
  });

  it('shows a members-only page with share options as its card under the sign-in overlay', async () => {
    stubFetch([
      answer(
        endpoints.pages.get,
        testPage({
          visibility: 'members',
          limited: true,
          title: 'Team handbook',
          share_options: { title: 'Team handbook', description: 'How we work', image: '/api/v2/images/9' },
        }),
        { params: { id: 12 } },
      ),
    ]);
    route(<PageView id={12} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team handbook' })).toBeTruthy();
    expect(screen.getByText('How we work')).toBeTruthy();
    const overlay = screen.getByRole('region', { name: 'For members only' });
    expect(within(overlay).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/en_GB/login?redirect=%2Fpage%2F12',
    );
  });

  it('sends a visitor to sign in when a members-only page has no share options', async () => {
    stubFetch([
      answer(endpoints.pages.get, testPage({ visibility: 'members', limited: true }), { params: { id: 12 } }),
    ]);
    const { router } = route(<PageView id={12} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fpage%2F12');
  });

  it('goes to the 404 page when there is no such page', async () => {
    stubFetch([
      answerError(
        endpoints.pages.get,
        404,
        { errors: [{ code: 'not_found', message: 'Not found' }] },
        { params: { id: 12 } },
      ),
    ]);
    const { router } = route(<PageView id={12} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/404'));
  });
});

describe('PreviewView', () => {
  it('shows the unpublished version under a notice', async () => {
    const id = 'Abcdefghijklmnop1234';
    stubFetch([
      answer(endpoints.pages.preview, testPage({ preview: true, title: 'Draft' }), { params: { id } }),
    ]);
    renderInApp(<PreviewView id={id} />, { path: `/en_GB/previews/${id}`, routePath: '/:lang/previews/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Preview – not published');
  });
});

describe('gallery', () => {
  it('opens the lightbox, steps with the arrow keys, closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    stubFetch([answer(endpoints.pages.get, testPage({ modules: [testGallery(3)] }), { params: { id: 12 } })]);
    route(<PageView id={12} />);
    const thumbnail = await screen.findByRole('button', { name: 'Enlarge: Caption 1' });
    expect(screen.getByRole('img', { name: 'Image 3 of 3' })).toBeTruthy();
    await user.click(thumbnail);
    const dialog = await screen.findByRole('dialog', { name: 'Image 1 of 3' });
    expect(within(dialog).getByRole('img', { name: 'Caption 1' })).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Image 2 of 3' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Image 3 of 3' })).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByRole('img', { name: 'Image 3 of 3' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(thumbnail);
  });
});
