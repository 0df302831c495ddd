import { type ReactNode, Suspense } from 'react';

/**
 * Hydrates its children in a commit of their own, after the page's (a Suspense boundary, which React
 * hydrates apart). For MUI parts that set state as they commit (a select's display node, the tabs'
 * indicator): inside the page's commit that update made React run every effect of the page's hydration in
 * the same task, one long task on a phone.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
