import Alert from '@mui/material/Alert';
import { lazy, Suspense } from 'react';
import { useSession } from '../app/session';

/** Loaded when a deployment with system notification messages first shows an error. */
const ErrorSnackbar = lazy(() => import('./error-snackbar').then((m) => ({ default: m.ErrorSnackbar })));

/**
 * A form's result: an alert in place, or a persistent snackbar for errors when the deployment
 * shows system notification messages (show_system_notification_message).
 */
export function FormMessage({
  severity,
  text,
  onClose,
}: {
  severity: 'error' | 'success';
  text: string | null;
  onClose?: () => void;
}) {
  const { settings } = useSession();
  if (!text) return null;
  if (settings.show_system_notification_message && severity === 'error') {
    return (
      <Suspense fallback={null}>
        <ErrorSnackbar text={text} onClose={onClose} />
      </Suspense>
    );
  }
  return (
    <Alert severity={severity} sx={{ mb: 2 }} role={severity === 'error' ? 'alert' : 'status'}>
      {text}
    </Alert>
  );
}
