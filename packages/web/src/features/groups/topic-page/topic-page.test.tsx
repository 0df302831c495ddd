import { endpoints, type TopicPermission } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, type StubAnswer, stubFetch } from '../../../test/fetch-stub';
import { emptyPage, testTopic } from '../../../test/groups';
import { renderInApp } from '../../../test/render-in-app';
import { TopicPage } from './topic-page';

const topic = (permissions: TopicPermission[]) => testTopic({ permissions });

function renderTopic(
  permissions: TopicPermission[],
  path = '/en_GB/groups/1/topics/4',
  answers: StubAnswer[] = [],
) {
  const calls = stubFetch([
    answer(endpoints.topics.get, topic(permissions), { params: { id: 4 } }),
    answer(endpoints.topics.files, emptyPage(8), { params: { id: 4 } }),
    ...answers,
  ]);
  return { calls, ...renderInApp(<TopicPage />, { path, routePath: '/:lang/groups/:group_id/topics/:id' }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('TopicPage', () => {
  it('opens on info and titles the page with the topic and the tab', async () => {
    renderTopic(['post_content']);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Spring half marathon · Info',
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Files', 'Members', 'Info']);
    expect(screen.getByText('We register as a team.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Topic actions' })).toBeNull();
  });

  it('opens the tab of selectedTab', async () => {
    renderTopic(['post_content'], '/en_GB/groups/1/topics/4?selectedTab=files');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Spring half marathon · Files',
    );
    expect(await screen.findByRole('button', { name: 'Upload file' })).toBeTruthy();
  });

  it('shows edit and delete by permission; after delete it goes to the group', async () => {
    const { router, calls } = renderTopic(['delete', 'edit', 'post_content'], undefined, [
      answer(endpoints.topics.remove, { success: true }, { params: { id: 4 } }),
    ]);
    const actions = await screen.findByRole('group', { name: 'Topic actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit topic', 'Delete topic']);
    await userEvent.click(within(actions).getByRole('button', { name: 'Delete topic' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/groups/1'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v2/topics/4')).toBe(true);
  });

  it('goes to the 404 page when the topic is not found', async () => {
    stubFetch([]);
    const { router } = renderInApp(<TopicPage />, {
      path: '/en_GB/groups/1/topics/4',
      routePath: '/:lang/groups/:group_id/topics/:id',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en_GB/404'));
  });
});
