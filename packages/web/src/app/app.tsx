import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useEffect, useRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { AssumedWidth } from '../lib/assumed-width';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { TakeOver } from '../lib/taking-over';
import type { createAppRouter } from './routes';

/**
 * The providers around the router: the browser's query client and texts, or a server render's own
 * (server-render.tsx). The theme is set per language layout, once settings are known.
 */
export function AppProviders(props: {
  client: QueryClient;
  i18n: I18n;
  /** The window width a server-rendered page assumed (lib/use-media). */
  width?: number;
  children: ReactNode;
}) {
  const providers = (
    <QueryClientProvider client={props.client}>
      <I18nextProvider i18n={props.i18n}>{props.children}</I18nextProvider>
    </QueryClientProvider>
  );
  return props.width === undefined ? (
    providers
  ) : (
    <AssumedWidth.Provider value={props.width}>
      <TakeOver active>{providers}</TakeOver>
    </AssumedWidth.Provider>
  );
}

/** The app in the browser. */
export function App({
  router,
  width,
  onTakenOver,
}: {
  router: ReturnType<typeof createAppRouter>;
  width?: number;
  /** Runs once the first render is committed (a hydrated page is the app's then, main.tsx). */
  onTakenOver?: () => void;
}) {
  const done = useRef(onTakenOver);
  useEffect(() => done.current?.(), []);
  return (
    <AppProviders client={queryClient} i18n={i18n} width={width}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
