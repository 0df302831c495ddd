import type {
  AddressInput,
  AddressType,
  childrenInputSchema,
  ImageCrop,
  Option,
  Profile,
  UpdateProfileInput,
} from '@plaza/contract';
import { genders, pageSizes, userStatuses } from '@plaza/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { sessionQuery } from '../../../app/session';
import { call, upload } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';

type ChildrenInput = z.input<typeof childrenInputSchema>;

/** Query keys of the profile feature; a mutation invalidates by these prefixes. */
export const profileKeys = {
  all: ['profile'] as const,
  detail: (id: number) => [...profileKeys.all, 'detail', id] as const,
  address: (id: number, type: AddressType) => [...profileKeys.detail(id), 'address', type] as const,
  children: (id: number) => [...profileKeys.detail(id), 'children'] as const,
  options: (name: string) => [...profileKeys.all, 'options', name] as const,
  follows: (page?: number) => [...profileKeys.all, 'follows', ...(page === undefined ? [] : [page])] as const,
};

/**
 * A profile as the viewer may see it (the server leaves out what they may not); `admin` asks for the
 * admin view (`?view=admin`, editors only; others get a 403).
 */
export const profileQuery = (id: number, admin = false) =>
  queryOptions({
    queryKey: admin ? [...profileKeys.detail(id), 'admin'] : profileKeys.detail(id),
    queryFn: () => call(routes.users.get, { params: { id }, query: admin ? { view: 'admin' } : {} }),
  });

const optionLists = {
  gender: routes.users.genderOptions,
  country: routes.users.countryOptions,
  salutation: routes.users.salutationOptions,
  status: routes.users.statusOptions,
} as const;

/** An option list of the profile forms (gender, country, salutation, status), labels in the page language. */
export const optionsQuery = (name: keyof typeof optionLists) =>
  queryOptions({
    queryKey: profileKeys.options(name),
    queryFn: () => call(optionLists[name]),
    select: (data) => data.options,
    staleTime: 10 * 60_000,
  });

/**
 * The gender or salutation choices: the server's list, and until it has answered the contract's
 * values with the bundled labels (a select must never hold a value it has no option for).
 */
export function useGenderOptions(kind: 'gender' | 'salutation'): Option[] {
  const { t } = useTranslation();
  const options = useQuery(optionsQuery(kind));
  return (
    options.data ??
    genders.map((value) => ({
      value,
      label: t(kind === 'gender' ? `people.genders.${value}` : `people.salutations.${value}`),
    }))
  );
}

/**
 * The status choices: the server's list (GET users/status_options), and until it has answered the contract's
 * values with the bundled labels.
 */
export function useStatusOptions(): Option[] {
  const { t } = useTranslation();
  const options = useQuery(optionsQuery('status'));
  return options.data ?? userStatuses.map((value) => ({ value, label: t(`people.statuses.${value}`) }));
}

/** Values other members use for the list fields, offered while typing. */
export const listOptionsQuery = queryOptions({
  queryKey: profileKeys.options('lists'),
  queryFn: () => call(routes.users.listOptions),
  staleTime: 60_000,
});

/** A saved invoice or delivery address (null when there is none yet). */
export const addressQuery = (id: number, type: AddressType) =>
  queryOptions({
    queryKey: profileKeys.address(id, type),
    queryFn: () =>
      call(type === 'invoice_address' ? routes.users.invoiceAddress : routes.users.deliveryAddress, {
        params: { id },
      }),
    select: (data) => data.address,
  });

/** A member's children. */
export const childrenQuery = (id: number) =>
  queryOptions({
    queryKey: profileKeys.children(id),
    queryFn: () => call(routes.users.children, { params: { id } }),
    select: (data) => data.children,
  });

/**
 * Refreshes a profile after a change; when it is the viewer's own, also the session, which carries
 * the name and avatar the side drawer shows.
 */
function useRefreshProfile(id: number) {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: profileKeys.detail(id) });
    const session = client.getQueryData(sessionQuery.queryKey);
    if (session?.session.user?.id === id) await client.invalidateQueries({ queryKey: sessionQuery.queryKey });
  };
}

/** The custom field values the edit form sends, by field id. */
export interface CustomFieldValues {
  id: number;
  values: string[];
}

/** Saves the profile form: the profile fields, then the custom fields when there are any. */
export function useSaveProfile(id: number) {
  const refresh = useRefreshProfile(id);
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ profile, fields }: { profile: UpdateProfileInput; fields: CustomFieldValues[] }) => {
      const saved = await call(routes.users.update, { params: { id }, body: profile });
      if (fields.length === 0) return saved;
      const custom = await call(routes.users.saveCustomProfileFields, {
        params: { id },
        body: { fields },
      });
      return { ...saved, custom_fields: custom.fields } satisfies Profile;
    },
    onSuccess: async (saved) => {
      client.setQueryData(profileKeys.detail(id), saved);
      await refresh();
    },
  });
}

/** Uploads a new avatar (then it is cropped with `cropAvatar`). */
export const uploadAvatar = (id: number, file: File) =>
  upload(routes.users.uploadImage, file, { params: { id } });

/** Crops an uploaded avatar and makes it the member's picture. */
export const cropAvatar = (id: number, imageId: number, coordinates: ImageCrop) =>
  call(routes.users.cropImage, { params: { id, imageId }, body: { coordinates } });

/** Reloads the profile (and the session for the own profile) after a new avatar was saved. */
export const useAvatarSaved = (id: number) => useRefreshProfile(id);

/** Saves the invoice or delivery address. */
export function useSaveAddress(id: number, type: AddressType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (address: AddressInput) =>
      call(routes.users.saveAddress, { params: { id, addressType: type }, body: address }),
    onSuccess: (data) => client.setQueryData(profileKeys.address(id, type), data),
  });
}

/** Replaces the member's children (birthdays as DD/MM/YYYY). */
export function useSaveChildren(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (children: ChildrenInput['children']) =>
      call(routes.users.saveChildren, { params: { id }, body: { children } }),
    onSuccess: (data) => client.setQueryData(profileKeys.children(id), data),
  });
}

/** Follows or unfollows a member; `viewerId` is the caller (the follower). */
export function useFollow(viewerId: number, profileId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      call(follow ? routes.users.follow : routes.users.unfollow, {
        params: { id: viewerId },
        body: { follows: [profileId] },
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: profileKeys.detail(profileId) }),
        client.invalidateQueries({ queryKey: profileKeys.follows() }),
      ]),
  });
}

/** Members the viewer follows, by name, a page at a time. */
export const followsQuery = (page: number) =>
  queryOptions({
    queryKey: profileKeys.follows(page),
    queryFn: () => call(routes.users.follows, { query: { page, per_page: pageSizes.follows } }),
  });

/** Deletes an account. */
export const useDeleteAccount = (id: number) =>
  useMutation({ mutationFn: () => call(routes.users.remove, { params: { id } }) });
