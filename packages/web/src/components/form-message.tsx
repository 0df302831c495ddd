import { Suspense } from 'react';
import { lazyThemed } from '../app/lazy-themed';
import { LightAlert } from '../app/light/alert';
import { useSession } from '../app/session';

/** Loaded when a deployment with system notification messages first shows an error. */
const ErrorSnackbar = lazyThemed(() => import('./error-snackbar').then((m) => m.ErrorSnackbar));

/**
 * A form's result: an alert in place, or a persistent snackbar for errors when the deployment
 * shows system notification messages (show_system_notification_message). The alert is the light one
 * (no MUI), so the sign-in pages load no MUI.
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
    <LightAlert severity={severity} style={{ marginBottom: 16 }}>
      {text}
    </LightAlert>
  );
}
