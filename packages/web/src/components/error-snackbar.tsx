import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** A form's error as a persistent snackbar at the top (show_system_notification_message). */
export function ErrorSnackbar({ text, onClose }: { text: string; onClose?: () => void }) {
  return (
    <Snackbar open anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="error" variant="filled" onClose={onClose}>
        {text}
      </Alert>
    </Snackbar>
  );
}
