import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { groupFieldErrorText, groupFormSchema, imageRequiredKey } from './group-form-schema';

const valid = { name: 'Gardeners', description: 'We grow things.', type: 'open' as const };
const rules = { mode: 'create' as const, updateName: true, imageRequired: false };

describe('groupFormSchema: create', () => {
  it('needs a name and a description, trimmed', () => {
    const schema = groupFormSchema(rules);
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, name: '   ' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, description: '' }).success).toBe(false);
    expect(schema.parse({ ...valid, name: '  Gardeners  ' })).toMatchObject({ name: 'Gardeners' });
  });
  it('defaults the kind to open and takes only the known kinds', () => {
    const schema = groupFormSchema(rules);
    expect(schema.parse({ name: 'a', description: 'b' })).toMatchObject({ type: 'open' });
    expect(schema.safeParse({ ...valid, type: 'secret' }).success).toBe(false);
  });
  it('needs an uploaded image only when group_image_required is on', () => {
    expect(groupFormSchema(rules).safeParse(valid).success).toBe(true);
    const required = groupFormSchema({ ...rules, imageRequired: true });
    const missing = required.safeParse(valid);
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ['img_id'], message: imageRequiredKey });
    expect(required.safeParse({ ...valid, img_id: null }).success).toBe(false);
    expect(required.safeParse({ ...valid, img_id: 7 }).success).toBe(true);
  });
});

describe('groupFormSchema: edit', () => {
  const edit = { ...rules, mode: 'edit' as const };
  it('needs the name when update_group_name is on', () => {
    const schema = groupFormSchema(edit);
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, name: '' }).success).toBe(false);
  });
  it('drops the name when update_group_name is off, so it is neither checked nor sent', () => {
    const schema = groupFormSchema({ ...edit, updateName: false });
    const parsed = schema.parse({ ...valid, name: '' });
    expect(parsed).not.toHaveProperty('name');
    expect(parsed).toMatchObject({ description: valid.description, type: 'open' });
  });
  it('still needs the description', () => {
    expect(groupFormSchema(edit).safeParse({ ...valid, description: ' ' }).success).toBe(false);
  });
  it('keeps the current image when none is uploaded, but may not remove it when images are required', () => {
    const required = groupFormSchema({ ...edit, imageRequired: true });
    expect(required.safeParse(valid).success).toBe(true);
    expect(required.safeParse({ ...valid, img_id: 3 }).success).toBe(true);
    expect(required.safeParse({ ...valid, img_id: null }).success).toBe(false);
    expect(groupFormSchema(edit).safeParse({ ...valid, img_id: null }).success).toBe(true);
  });
});

describe('groupFieldErrorText', () => {
  const t = ((key: string, values?: Record<string, unknown>) =>
    values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;
  it('names the limit of a text that is too long', () => {
    expect(groupFieldErrorText(t, 'name', { type: 'too_big', message: 'x' })).toBe(
      'groups.form.errors.too_long {"max":120}',
    );
    expect(groupFieldErrorText(t, 'description', { type: 'too_big', message: 'x' })).toBe(
      'groups.form.errors.too_long {"max":5000}',
    );
  });
  it('shows the image rule and the required text', () => {
    expect(groupFieldErrorText(t, 'img_id', { type: 'custom', message: imageRequiredKey })).toBe(
      imageRequiredKey,
    );
    expect(groupFieldErrorText(t, 'name', { type: 'too_small', message: 'Too small' })).toBe(
      'groups.form.errors.required',
    );
    expect(groupFieldErrorText(t, 'name', undefined)).toBeUndefined();
  });
});
