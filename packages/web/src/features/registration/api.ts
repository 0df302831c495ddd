import type { RegistrationInput } from '@plaza/contract/registration';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';

export const registrationKeys = {
  all: ['registration'] as const,
  options: () => [...registrationKeys.all, 'options'] as const,
  gifts: () => [...registrationKeys.all, 'gifts'] as const,
  topics: () => [...registrationKeys.all, 'topics'] as const,
  payments: () => [...registrationKeys.all, 'payments'] as const,
};

/** The active subscription options in the page language. */
export const subscriptionOptionsQuery = () =>
  queryOptions({
    queryKey: registrationKeys.options(),
    queryFn: () => call(routes.registration.subscriptionOptions),
    select: (data) => data.results,
    staleTime: 5 * 60_000,
  });

/** The active gifts with the options they come with. */
export const giftsQuery = () =>
  queryOptions({
    queryKey: registrationKeys.gifts(),
    queryFn: () => call(routes.registration.gifts),
    select: (data) => data.results,
    staleTime: 5 * 60_000,
  });

/** The topics of interest a new member may choose. */
export const topicsQuery = () =>
  queryOptions({
    queryKey: registrationKeys.topics(),
    queryFn: () => call(routes.registration.topics),
    select: (data) => data.results,
    staleTime: 5 * 60_000,
  });

/**
 * The payment providers (`GET payments`). The invoice is always offered (the payments module's rule),
 * so a refusal (the call may be for members only) leaves the invoice to choose.
 */
export const paymentServicesQuery = () =>
  queryOptions({
    queryKey: registrationKeys.payments(),
    queryFn: async () => {
      try {
        return (await call(routes.shop.paymentServices)).services;
      } catch {
        return [{ id: 'invoice' as const, name: '' }];
      }
    },
    staleTime: 5 * 60_000,
  });

/** `POST users/new`: 202 for every address; the confirmation link comes by mail. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegistrationInput) => call(routes.registration.register, { body }),
  });
}

/** `POST registration/confirm` with the mailed token. */
export function useConfirmRegistration() {
  return useMutation({
    mutationFn: (token: string) => call(routes.registration.confirm, { body: { token } }),
  });
}
