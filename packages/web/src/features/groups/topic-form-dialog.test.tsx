import { endpoints } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { testTopic, testTopicSuggestion } from '../../test/groups';
import { renderInApp } from '../../test/render-in-app';
import { TopicFormDialog } from './topic-form-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('TopicFormDialog', () => {
  it('requires title and description', async () => {
    const calls = stubFetch([]);
    renderInApp(<TopicFormDialog open onClose={() => {}} groupId={1} mode={{ kind: 'create' }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create topic' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('Please fill in all required fields.')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('creates a topic directly for those who manage topics', async () => {
    const calls = stubFetch([
      answer(endpoints.topics.create, testTopic({ name: 'Intervals', description: 'Track on Thursdays' })),
    ]);
    const onSaved = vi.fn();
    renderInApp(
      <TopicFormDialog open onClose={() => {}} groupId={1} mode={{ kind: 'create' }} onSaved={onSaved} />,
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Intervals');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Track on Thursdays');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ suggested: false }));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v2/topics',
      body: { name: 'Intervals', description: 'Track on Thursdays', group_id: 1 },
    });
  });

  it('sends a suggestion for other members', async () => {
    const calls = stubFetch([answer(endpoints.topics.suggest, testTopicSuggestion())]);
    renderInApp(<TopicFormDialog open onClose={() => {}} groupId={1} mode={{ kind: 'suggestion' }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Suggest topic' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Trail run');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'In the hills');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/v2/topics/suggestions'),
    );
  });

  it('edits a topic from its current text', async () => {
    const calls = stubFetch([
      answer(endpoints.topics.update, testTopic({ name: 'New', description: 'Text' }), { params: { id: 4 } }),
    ]);
    renderInApp(
      <TopicFormDialog
        open
        onClose={() => {}}
        groupId={1}
        mode={{ kind: 'edit', topicId: 4, initial: { name: 'Old', description: 'Text' } }}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit topic' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect((title as HTMLInputElement).value).toBe('Old');
    await userEvent.clear(title);
    await userEvent.type(title, 'New');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/api/v2/topics/4',
        body: { group_id: 1, title: 'New', description: 'Text' },
      }),
    );
  });
});
