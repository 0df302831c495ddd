import Dialog from '@mui/material/Dialog';
import { type ReactNode, useId } from 'react';
import { useIsMobile } from '../lib/use-is-mobile';

/**
 * The overlay of a form: full screen on phones, named by its title (`children` gets the title's id)
 * and holding the form only while open, so every opening starts from fresh values and no old error.
 */
export function FormDialog({
  open,
  onClose,
  maxWidth,
  children,
}: {
  open: boolean;
  onClose: () => void;
  maxWidth: 'sm' | 'md';
  children: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  const phone = useIsMobile();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      {open && children(titleId)}
    </Dialog>
  );
}
