import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code loads the first time it opens, so its form, schemas and widgets stay off the first
 * load of the page that offers it. Once loaded it stays mounted, so it closes with its transition.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
