import type { Activity } from '@plaza/contract';

/** An activity of member 1 about a mention, "Activity {id}", read or not. */
export function testActivity(id: number, read: boolean): Activity {
  return {
    id,
    user_id: 1,
    img: null,
    date_posted: '2026-11-23T10:00:00Z',
    text: `Activity ${id}`,
    read,
    old: read,
    type: 'mention',
    url: '/news/post-1',
    membership: null,
  };
}
