import { type ComponentType, Suspense } from 'react';
import { lazyChunk } from '../app/chunk-error';
import { useOpenedOnce } from '../lib/use-opened-once';

/**
 * A dialog whose code loads the first time it opens, so its form, schemas and widgets stay off the first
 * load of the page that offers it. Once loaded it stays mounted, so it closes with its transition.
 * `isOpen` tells from the dialog's props whether it is open (by default its `open` prop; a lightbox is
 * open while it shows an image).
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { open?: boolean }).open === true,
) {
  const Dialog = lazyChunk(load) as unknown as ComponentType<P>;
  return function LazyDialog(props: P) {
    if (!useOpenedOnce(isOpen(props))) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
