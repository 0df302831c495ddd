import type { Topic, TopicSuggestion } from '@plaza/contract';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import type { GroupDeps } from '../groups';
import { type GroupAccess, groupsAdministeredBy, loadGroupAccess, notifyMember } from '../groups';
import { presentSuggestion } from './presenter';
import { type TopicRow, topicsRepo } from './repo';
import { getTopic } from './service';

/** Open suggestions in the groups the member administers. */
export async function listSuggestions(db: Db, user: SessionUser) {
  const rows = await topicsRepo.suggestionsIn(db, await groupsAdministeredBy(db, user.id));
  return { results: rows.map(presentSuggestion) };
}

/** Suggests a topic to a group's topic managers; open to the group's members. */
export async function suggestTopic(
  db: Db,
  user: SessionUser,
  body: { name: string; description: string; group_id: number },
): Promise<TopicSuggestion> {
  const access = await loadGroupAccess(db, body.group_id, user);
  if (!access.permissions.includes('post_content')) {
    throw forbidden('Only members of this group can suggest topics.');
  }
  const id = await topicsRepo.insert(db, {
    group_id: body.group_id,
    name: body.name,
    description: body.description,
    author_id: user.id,
    status: 'suggested',
  });
  const row = await topicsRepo.detail(db, id);
  return presentSuggestion(row!);
}

/** Loads an open suggestion for someone who manages the topics of its group. */
async function loadSuggestionForManager(
  db: Db,
  user: SessionUser,
  id: number,
): Promise<{ suggestion: TopicRow; access: GroupAccess }> {
  const suggestion = await topicsRepo.byId(db, id);
  if (suggestion?.status !== 'suggested') throw notFound('The suggestion');
  const access = await loadGroupAccess(db, suggestion.group_id, user);
  if (!access.permissions.includes('manage_topics')) {
    throw forbidden('Only those who manage the topics of this group can answer suggestions.');
  }
  return { suggestion, access };
}

/** Tells the author (unless they answered it themself) how their suggestion was answered. */
async function tellAuthor(
  deps: GroupDeps,
  user: SessionUser,
  suggestion: TopicRow,
  access: GroupAccess,
  accepted: boolean,
) {
  if (!suggestion.author_id || suggestion.author_id === user.id) return;
  await notifyMember(deps, {
    userId: suggestion.author_id,
    actorId: user.id,
    type: 'other',
    text: accepted ? 'suggestion_accepted' : 'suggestion_declined',
    vars: { topic: suggestion.name, group: access.group.name },
    url: accepted
      ? `/groups/${suggestion.group_id}/topics/${suggestion.id}`
      : `/groups/${suggestion.group_id}`,
  });
}

/** Accepts a suggestion (manage_topics): it becomes a topic, and its author is told. */
export async function acceptSuggestion(deps: GroupDeps, user: SessionUser, id: number): Promise<Topic> {
  const { suggestion, access } = await loadSuggestionForManager(deps.db, user, id);
  if (!(await topicsRepo.activate(deps.db, id))) throw notFound('The suggestion');
  await tellAuthor(deps, user, suggestion, access, true);
  return getTopic(deps.db, user, id);
}

/** Declines a suggestion (manage_topics): it is deleted, and its author is told. */
export async function declineSuggestion(deps: GroupDeps, user: SessionUser, id: number) {
  const { suggestion, access } = await loadSuggestionForManager(deps.db, user, id);
  if (!(await topicsRepo.removeSuggestion(deps.db, id))) throw notFound('The suggestion');
  await tellAuthor(deps, user, suggestion, access, false);
  return { success: true as const };
}
