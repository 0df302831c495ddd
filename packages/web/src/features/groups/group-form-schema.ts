import {
  createGroupSchema,
  type GroupType,
  groupDescriptionSchema,
  groupNameSchema,
  updateGroupSchema,
} from '@plaza/contract/groups';
import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import type { z } from 'zod';

/** The settings that shape the group form. */
export interface GroupFormRules {
  mode: 'create' | 'edit';
  /** `update_group_name`: the name can be changed (edit mode). */
  updateName: boolean;
  /** `stream_options.group_image_required`: a group needs an image. */
  imageRequired: boolean;
}

/** Translation key of the message when an image is required but missing. */
export const imageRequiredKey = 'groups.form.errors.image_required';

const hasImage = (value: { img_id?: number | null }) => value.img_id != null;

/**
 * The group form's schema, built from the contract's: create needs name and description (and an
 * image when required); edit needs the description, and the name only when it may be changed
 * (otherwise the name is not sent). With a required image, edit may not remove the image either.
 */
export function groupFormSchema({ mode, updateName, imageRequired }: GroupFormRules) {
  if (mode === 'create') {
    const schema = createGroupSchema.pick({ name: true, description: true, type: true, img_id: true });
    return imageRequired ? schema.refine(hasImage, { path: ['img_id'], message: imageRequiredKey }) : schema;
  }
  const base = updateName
    ? updateGroupSchema.extend({ name: groupNameSchema })
    : updateGroupSchema.omit({ name: true });
  return imageRequired
    ? base.refine((value) => value.img_id !== null, { path: ['img_id'], message: imageRequiredKey })
    : base;
}

/** The form's fields; `img_id` undefined leaves the image as it is, null removes it. */
export interface GroupFormFields {
  name: string;
  description: string;
  type: GroupType;
  img_id?: number | null;
}

const maxLengths: Record<string, number | null> = {
  name: groupNameSchema.maxLength,
  description: groupDescriptionSchema.maxLength,
};

/** The text of a field's error in the page language, from the zod issue code the resolver reports. */
export function groupFieldErrorText(
  t: TFunction,
  field: string,
  error: FieldError | undefined,
): string | undefined {
  if (!error) return undefined;
  if (error.type === 'too_big') return t('groups.form.errors.too_long', { max: maxLengths[field] ?? 0 });
  if (error.message === imageRequiredKey) return t(imageRequiredKey);
  return t('groups.form.errors.required');
}

export type GroupFormSchema = ReturnType<typeof groupFormSchema>;
export type GroupFormOutput = z.output<GroupFormSchema>;
