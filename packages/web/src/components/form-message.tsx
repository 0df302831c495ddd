import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useSession } from '../app/session';

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
      <Snackbar open anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Alert severity="error" variant="filled" onClose={onClose}>
          {text}
        </Alert>
      </Snackbar>
    );
  }
  return (
    <Alert severity={severity} sx={{ mb: 2 }} role={severity === 'error' ? 'alert' : 'status'}>
      {text}
    </Alert>
  );
}
