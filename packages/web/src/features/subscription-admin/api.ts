import type { GiftInput, SubscriptionOptionInput } from '@plaza/contract/registration';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';

export const subscriptionAdminKeys = {
  all: ['subscription-admin'] as const,
  options: () => [...subscriptionAdminKeys.all, 'options'] as const,
  gifts: () => [...subscriptionAdminKeys.all, 'gifts'] as const,
  topics: () => [...subscriptionAdminKeys.all, 'topics'] as const,
};

export const adminOptionsQuery = () =>
  queryOptions({
    queryKey: subscriptionAdminKeys.options(),
    queryFn: () => call(routes.registration.adminOptions),
    select: (data) => data.results,
  });

export const adminGiftsQuery = () =>
  queryOptions({
    queryKey: subscriptionAdminKeys.gifts(),
    queryFn: () => call(routes.registration.adminGifts),
    select: (data) => data.results,
  });

export const adminTopicsQuery = () =>
  queryOptions({
    queryKey: subscriptionAdminKeys.topics(),
    queryFn: () => call(routes.registration.adminTopics),
    select: (data) => data.results,
  });

/** Creates (no id) or saves an option, then sets its image when one was chosen. */
export function useSaveOption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      image,
    }: {
      id: number | null;
      input: SubscriptionOptionInput;
      image: File | null;
    }) => {
      const saved =
        id === null
          ? await call(routes.registration.adminCreateOption, { body: input })
          : await call(routes.registration.adminSaveOption, { params: { id }, body: input });
      return image
        ? upload(routes.registration.adminOptionImage, image, { params: { id: saved.id } })
        : saved;
    },
    onSettled: () => client.invalidateQueries({ queryKey: subscriptionAdminKeys.all }),
  });
}

export function useDeleteOption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.registration.adminDeleteOption, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: subscriptionAdminKeys.all }),
  });
}

/** Creates (no id) or saves a gift, then sets its image when one was chosen. */
export function useSaveGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, image }: { id: number | null; input: GiftInput; image: File | null }) => {
      const saved =
        id === null
          ? await call(routes.registration.adminCreateGift, { body: input })
          : await call(routes.registration.adminSaveGift, { params: { id }, body: input });
      return image ? upload(routes.registration.adminGiftImage, image, { params: { id: saved.id } }) : saved;
    },
    onSettled: () => client.invalidateQueries({ queryKey: subscriptionAdminKeys.gifts() }),
  });
}

export function useDeleteGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.registration.adminDeleteGift, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: subscriptionAdminKeys.gifts() }),
  });
}

export function useSaveTopic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, label_de, label_en }: { id: number | null; label_de: string; label_en: string }) =>
      id === null
        ? call(routes.registration.adminCreateTopic, { body: { label_de, label_en } })
        : call(routes.registration.adminSaveTopic, { params: { id }, body: { label_de, label_en } }),
    onSettled: () => client.invalidateQueries({ queryKey: subscriptionAdminKeys.topics() }),
  });
}

export function useDeleteTopic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.registration.adminDeleteTopic, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: subscriptionAdminKeys.topics() }),
  });
}
