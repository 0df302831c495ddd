import { useState } from 'react';

/**
 * True from the first time `open` is true on. A popup behind it (a dialog, a popover) is then built when
 * it is first opened, not with every item of a stream, and still closes with its transition.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
