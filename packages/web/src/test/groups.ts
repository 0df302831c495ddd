import type { Group, Topic, TopicSuggestion } from '@plaza/contract';

/** An empty page of a list (no results, one page). */
export function emptyPage(perPage: number) {
  return {
    results: [],
    pagination: { self: 1, first: 1, last: 1, prev: null, next: null, total: 0, per_page: perPage },
  };
}

/** Group 1 (Running Club, open) as `GET /api/v2/groups/:id` answers it to a member; `patch` changes fields. */
export function testGroup(patch: Partial<Group> = {}): Group {
  return {
    id: 1,
    name: 'Running Club',
    description: 'Tuesday evening runs',
    image: null,
    type: 'open',
    free_to_join: true,
    member_count: 2,
    permissions: ['leave', 'post_content'],
    membership: { id: 7, status: 'accepted', role: 'member' },
    infos: { title: 'Running Club', description: 'Tuesday evening runs', img: null },
    topics: [],
    files: [],
    members: emptyPage(15),
    ...patch,
  };
}

/** Topic 4 of group 1 (Running Club) as `GET /api/v2/topics/:id` answers it; `patch` changes fields. */
export function testTopic(patch: Partial<Topic> = {}): Topic {
  return {
    id: 4,
    name: 'Spring half marathon',
    description: 'We register as a team.',
    image: null,
    infos: { title: 'Spring half marathon', description: 'We register as a team.', img: null },
    date: '2026-03-01',
    group: { id: 1, name: 'Running Club', image: null },
    author: { id: 3, combined_name: 'Jonas Fischer', img: null },
    files: [],
    members: emptyPage(8),
    member_count: 0,
    permissions: [],
    suggestions: 0,
    ...patch,
  };
}

/** A topic suggestion waiting in group 1, as `POST /api/v2/topics/suggestions` answers it. */
export function testTopicSuggestion(patch: Partial<TopicSuggestion> = {}): TopicSuggestion {
  return {
    id: 12,
    name: 'Trail run',
    description: 'In the hills',
    author: { id: 3, combined_name: 'Jonas Fischer', img: null },
    group: { id: 1, name: 'Running Club', image: null },
    date: '2026-03-01',
    ...patch,
  };
}
