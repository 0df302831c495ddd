import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useSession } from '../session';

const LanguageChanger = lazy(() =>
  import('./language-changer').then((module) => ({ default: module.LanguageChanger })),
);

/**
 * The language changer, loaded on its own (its select and menu are heavy) and only when the deployment
 * shows it; until then its place is kept free.
 */
export function LazyLanguageChanger() {
  const { settings } = useSession();
  if (!(settings.show_language_changer && settings.languages.length > 1)) return null;
  return (
    <Suspense fallback={<Box aria-hidden sx={{ minWidth: 140, height: 40 }} />}>
      <LanguageChanger />
    </Suspense>
  );
}
