import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

const TakingOver = createContext(false);

/**
 * Whether the app is still taking over a page the server drew: what the window knows and the server did
 * not (a time in the window's zone) is drawn as the server drew it until then.
 */
export function useTakingOver(): boolean {
  return useContext(TakingOver);
}

/**
 * Marks a page the server drew (`active`: the server's render and the browser's hydration of it) as being
 * taken over until the first commit in the browser. The end is a transition: every part that draws
 * differently then renders again in slices React yields between, not in one task as a store's change
 * would (a `useSyncExternalStore` whose server answer differs renders again synchronously).
 */
export function TakeOver({ active, children }: { active: boolean; children: ReactNode }) {
  const [takingOver, setTakingOver] = useState(active);
  useEffect(() => {
    if (active) startTransition(() => setTakingOver(false));
  }, [active]);
  return <TakingOver.Provider value={takingOver}>{children}</TakingOver.Provider>;
}
