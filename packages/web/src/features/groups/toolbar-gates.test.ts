import { describe, expect, it } from 'vitest';
import { groupToolbarGates, topicToolbarGates } from './toolbar-gates';

describe('groupToolbarGates', () => {
  it('gives an admin every button but leave when they are the last admin', () => {
    expect(groupToolbarGates(['delete', 'edit', 'manage_topics', 'post_content'])).toEqual({
      edit: true,
      createTopic: true,
      suggestTopic: false,
      manageMembers: true,
      delete: true,
      leave: false,
      uploadFiles: true,
    });
  });
  it('lets a member who cannot manage topics suggest one and leave', () => {
    expect(groupToolbarGates(['leave', 'post_content'])).toEqual({
      edit: false,
      createTopic: false,
      suggestTopic: true,
      manageMembers: false,
      delete: false,
      leave: true,
      uploadFiles: true,
    });
  });
  it('gives a non-member no buttons', () => {
    expect(Object.values(groupToolbarGates([])).some(Boolean)).toBe(false);
  });
});

describe('topicToolbarGates', () => {
  it('shows edit and delete by permission', () => {
    expect(topicToolbarGates(['delete', 'edit', 'post_content'])).toEqual({
      edit: true,
      delete: true,
      uploadFiles: true,
    });
    expect(topicToolbarGates(['edit', 'post_content'])).toEqual({
      edit: true,
      delete: false,
      uploadFiles: true,
    });
    expect(topicToolbarGates([])).toEqual({ edit: false, delete: false, uploadFiles: false });
  });
});
