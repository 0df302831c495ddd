import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { timings } from '@plaza/contract/constants';
import { type ReactNode, useCallback, useState } from 'react';
import { useSession } from '../app/session';

/**
 * A success notice for `timings.snackbarMs` (2.5 s), shown only when the deployment shows system
 * notification messages (`show_system_notification_message`). Render `snackbar`, call `notify(text)`.
 */
export function useSuccessSnackbar(): { notify: (text: string) => void; snackbar: ReactNode } {
  const { settings } = useSession();
  const enabled = settings.show_system_notification_message;
  const [notice, setNotice] = useState<{ text: string; key: number } | null>(null);
  const notify = useCallback(
    (text: string) => {
      if (enabled) setNotice({ text, key: Date.now() });
    },
    [enabled],
  );
  const close = () => setNotice(null);
  const snackbar = (
    <Snackbar
      key={notice?.key}
      open={notice !== null}
      autoHideDuration={timings.snackbarMs}
      onClose={close}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity="success" variant="filled" onClose={close} role="status">
        {notice?.text}
      </Alert>
    </Snackbar>
  );
  return { notify, snackbar };
}
