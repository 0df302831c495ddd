import type { PostSelectOption } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { draftErrors, draftToInput, emptyDraft, uploadsPending } from './post-rules';

const options: PostSelectOption[] = [
  { identifier: 'group-1', label: 'Garden', id: 1, type: 'group', properties: [] },
  {
    identifier: 'group-2',
    label: 'Kitchen',
    id: 2,
    type: 'group',
    properties: [{ key: 'topic', value: 'Recipes', id: 7, type: 'topic' }],
  },
];
const strict = { allowWithoutGroup: false, options };

describe('draftErrors', () => {
  it('needs a description; blank text does not count', () => {
    expect(draftErrors({ ...emptyDraft(1), text: '  ' }, strict)).toEqual(['description']);
    expect(draftErrors({ ...emptyDraft(1), text: 'Hello' }, strict)).toEqual([]);
  });

  it('needs a group unless posts without one are allowed', () => {
    const draft = { ...emptyDraft(), text: 'Hello' };
    expect(draftErrors(draft, strict)).toEqual(['group']);
    expect(draftErrors(draft, { allowWithoutGroup: true, options })).toEqual([]);
  });

  it('needs a topic when the chosen group has topics', () => {
    expect(draftErrors({ ...emptyDraft(2), text: 'Hello' }, strict)).toEqual(['topic']);
    expect(draftErrors({ ...emptyDraft(2, 7), text: 'Hello' }, strict)).toEqual([]);
  });
});

describe('uploadsPending and draftToInput', () => {
  it('waits for files without an id and sends only the ids, the link and the target', () => {
    const draft = {
      ...emptyDraft(2, 7),
      description: '<p>Hi</p>',
      text: 'Hi',
      files: [
        { key: 'a', name: 'a.pdf', id: 4 },
        { key: 'b', name: 'b.pdf', id: null },
      ],
      preview: {
        url: 'https://example.com',
        title: 'x',
        description: null,
        image: null,
        image_url: null,
        video_url: null,
      },
    };
    expect(uploadsPending(draft)).toBe(true);
    expect(draftToInput(draft)).toEqual({
      description: '<p>Hi</p>',
      group_id: 2,
      topic_id: 7,
      files: [4],
      preview: { url: 'https://example.com' },
      author_id: null,
    });
    expect(uploadsPending({ ...draft, files: [{ key: 'a', name: 'a.pdf', id: 4 }] })).toBe(false);
  });

  // The link was lost when no preview came back (issue 47, point 1): the typed link is posted anyway.
  it('posts the typed link without a preview, even before its lookup answered', () => {
    const draft = {
      ...emptyDraft(1),
      description: '<p>Hi</p>',
      text: 'Hi',
      link: ' https://intranet.example.com/a ',
    };
    expect(draftToInput(draft).preview).toEqual({ url: 'https://intranet.example.com/a' });
    expect(draftToInput({ ...draft, link: '' }).preview).toBeNull();
  });

  it('refuses a link field that holds no link', () => {
    const draft = { ...emptyDraft(1), text: 'Hi', link: 'intranet/page' };
    expect(draftErrors(draft, strict)).toEqual(['link']);
    expect(draftErrors({ ...draft, link: '  ' }, strict)).toEqual([]);
  });
});
