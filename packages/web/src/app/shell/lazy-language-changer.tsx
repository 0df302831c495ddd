import { Suspense } from 'react';
import { lazyThemed } from '../lazy-themed';
import { useSession } from '../session';

const LanguageChanger = lazyThemed(() =>
  import('./language-changer').then((module) => module.LanguageChanger),
);

/**
 * The language changer, loaded on its own with MUI (its select and menu are heavy) and only when the
 * deployment shows it; until then its place is kept free.
 */
export function LazyLanguageChanger() {
  const { settings } = useSession();
  if (!(settings.show_language_changer && settings.languages.length > 1)) return null;
  return (
    <Suspense fallback={<div aria-hidden="true" style={{ minWidth: 140, height: 40 }} />}>
      <LanguageChanger />
    </Suspense>
  );
}
