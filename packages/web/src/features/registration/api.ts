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
  countries: () => [...registrationKeys.all, 'countries'] as const,
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

/** The payment providers this server offers (`GET payments`, open to visitors). */
export const paymentServicesQuery = () =>
  queryOptions({
    queryKey: registrationKeys.payments(),
    queryFn: async () => (await call(routes.shop.paymentServices)).services,
    staleTime: 5 * 60_000,
  });

/** The countries of an address, named in the page language (`GET addresses/country_options`, open to visitors). */
export const countriesQuery = () =>
  queryOptions({
    queryKey: registrationKeys.countries(),
    queryFn: () => call(routes.users.countryOptions),
    // Spec 5: country lists drop entries with an empty code.
    select: (data) => data.options.filter((option) => option.value !== ''),
    staleTime: 10 * 60_000,
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
